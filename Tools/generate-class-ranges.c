// Prints Sources/ICURegex/Syntax/ICUClassRanges.swift: the code points of ICU's one-character
// classes that the engine reads (\w, \s, \d, \h, \v, their negations, `.` in each line mode,
// and the word-boundary classes), asked of the ICU this is compiled against, one code point at
// a time, each as a text of its own (a surrogate code point is one unit); and whether each
// class holds the same code points ignoring case. See Tools/generate-class-ranges.sh.
#include <unicode/uregex.h>
#include <unicode/uvernum.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct class_text {
    const char *text;  // the ICU pattern, as UTF-8 (ASCII here)
    const char *swift; // the same as a Swift string literal
    uint32_t flags;    // the ICU flags it is compiled with
    const char *mode;  // the Swift line mode it stands for
};

static const struct class_text classes[] = {
    {"\\w", "#\"\\w\"#", 0, ".any"}, {"\\W", "#\"\\W\"#", 0, ".any"},
    {"\\s", "#\"\\s\"#", 0, ".any"}, {"\\S", "#\"\\S\"#", 0, ".any"},
    {"\\d", "#\"\\d\"#", 0, ".any"}, {"\\D", "#\"\\D\"#", 0, ".any"},
    {"\\h", "#\"\\h\"#", 0, ".any"}, {"\\H", "#\"\\H\"#", 0, ".any"},
    {"\\v", "#\"\\v\"#", 0, ".any"}, {"\\V", "#\"\\V\"#", 0, ".any"},
    {".", "\".\"", 0, ".lineSeparators"},
    {".", "\".\"", UREGEX_UNIX_LINES, ".unixLines"},
    {".", "\".\"", UREGEX_DOTALL, ".dotMatchesAll"},
    {"[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\u200c\\u200d]", "#\"[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\u200c\\u200d]\"#", 0, ".any"},
    {"[\\p{Grapheme_Extend}\\p{Cf}]", "#\"[\\p{Grapheme_Extend}\\p{Cf}]\"#", 0, ".any"},
    {"[^\\w\\p{Grapheme_Extend}\\p{Cf}]", "#\"[^\\w\\p{Grapheme_Extend}\\p{Cf}]\"#", 0, ".any"},
};

// Whether `regex` matches the code point `cp` as the whole of a text; exits on an ICU error.
static UBool matches_alone(URegularExpression *regex, int32_t cp) {
    UChar units[2];
    int32_t count = 0;
    if (cp < 0x10000) units[count++] = (UChar)cp;
    else { units[count++] = (UChar)(0xD7C0 + (cp >> 10)); units[count++] = (UChar)(0xDC00 | (cp & 0x3FF)); }
    UErrorCode status = U_ZERO_ERROR;
    uregex_setText(regex, units, count, &status);
    UBool member = uregex_matches(regex, 0, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "at %X: %s\n", cp, u_errorName(status)); exit(1); }
    return member;
}

int main(void) {
    enum { class_count = sizeof classes / sizeof classes[0] };
    // The ranges of each class as Swift source, and the list each class uses: classes that
    // hold the same code points (`\w` and the word class of `\b`) share one, and a class that
    // holds every code point outside a list (`\W`) is that list negated.
    char *lists[class_count];
    UBool *members_of_list[class_count];
    int list_count = 0, list_of[class_count];
    UBool holds_ignoring_case[class_count], negated[class_count];
    for (size_t c = 0; c < class_count; c++) {
        UChar pattern[128];
        size_t length = strlen(classes[c].text);
        for (size_t i = 0; i <= length; i++) pattern[i] = (UChar)classes[c].text[i];
        UErrorCode status = U_ZERO_ERROR;
        URegularExpression *regex = uregex_open(pattern, (int32_t)length, classes[c].flags, NULL, &status);
        URegularExpression *ignoringCase = uregex_open(pattern, (int32_t)length, classes[c].flags | UREGEX_CASE_INSENSITIVE, NULL, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "%s: %s\n", classes[c].text, u_errorName(status)); return 1; }
        holds_ignoring_case[c] = 1;
        for (int32_t cp = 0; cp <= 0x10FFFF; cp++) {
            if (matches_alone(regex, cp) != matches_alone(ignoringCase, cp)) holds_ignoring_case[c] = 0;
        }
        UBool *members = calloc(0x110000, sizeof(UBool));
        for (int32_t cp = 0; cp <= 0x10FFFF; cp++) members[cp] = matches_alone(regex, cp);
        uregex_close(regex);
        uregex_close(ignoringCase);
        list_of[c] = -1;
        negated[c] = 0;
        for (int l = 0; l < list_count && list_of[c] < 0; l++) {
            UBool same = 1, complement = 1;
            for (int32_t cp = 0; cp <= 0x10FFFF; cp++) {
                if (members[cp] != members_of_list[l][cp]) same = 0; else complement = 0;
            }
            if (same || complement) {
                list_of[c] = l;
                negated[c] = complement;
            }
        }
        if (list_of[c] >= 0) {
            free(members);
            continue;
        }
        char *text;
        size_t size;
        FILE *list = open_memstream(&text, &size);
        int32_t start = -1, printed = 0;
        for (int32_t cp = 0; cp <= 0x110000; cp++) {
            UBool member = cp <= 0x10FFFF && members[cp];
            if (member && start < 0) start = cp;
            if (!member && start >= 0) {
                fprintf(list, "%s0x%X, 0x%X,", printed % 4 == 0 ? "\n            " : " ", start, cp - 1);
                printed++;
                start = -1;
            }
        }
        fclose(list);
        list_of[c] = list_count;
        members_of_list[list_count] = members;
        lists[list_count++] = text;
    }

    printf("// Generated by Tools/generate-class-ranges.sh from ICU %s: do not edit.\n\n", U_ICU_VERSION);
    printf("/// The code points of the ICU classes that the engine's readings hold, as ICU %d answers for\n", U_ICU_VERSION_MAJOR_NUM);
    printf("/// each code point alone (see ``KnownClassMembers``).\n");
    printf("enum ICUClassRanges {\n");
    printf("    /// The major version of the ICU the ranges were asked of.\n");
    printf("    static let icuMajorVersion: Int32 = %d\n\n", U_ICU_VERSION_MAJOR_NUM);
    printf("    /// Each class: its text, the line mode it holds for, whether it holds the same code points\n");
    printf("    /// ignoring case, and its ranges, as an index in ``rangeLists`` and whether the class holds\n");
    printf("    /// the code points outside them instead.\n");
    printf("    static let classes: [(text: String, mode: KnownClassMembers.LineMode, holdsIgnoringCase: Bool, ranges: Int, isNegated: Bool)] = [\n");
    for (size_t c = 0; c < class_count; c++) {
        printf("        (%s, %s, %s, %d, %s),\n", classes[c].swift, classes[c].mode, holds_ignoring_case[c] ? "true" : "false",
               list_of[c], negated[c] ? "true" : "false");
    }
    printf("    ]\n\n");
    printf("    /// Lists of ranges, first and last code point of each; one for each set of code points.\n");
    printf("    static let rangeLists: [[UInt32]] = [\n");
    for (int l = 0; l < list_count; l++) {
        printf("        // %d\n        [%s\n        ],\n", l, lists[l]);
    }
    printf("    ]\n}\n");
    return 0;
}
