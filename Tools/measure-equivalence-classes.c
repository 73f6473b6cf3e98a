// Measures how well ICU's collator reproduces glibc's POSIX equivalence classes `[=c=]`, the
// rule that icugrep's EquivalenceClasses (Sources/ICURegex/Syntax) uses in collating locales:
// for each character c read from standard input (hexadecimal code points, one a line), every
// assigned code point is tested with glibc's regexec against `^[[=c=]]$` in LOCALE, and with
// ICU's collator for ICU_LOCALE at primary strength, punctuation and symbols shifted
// (ignorable), as icushim_primary_equivalents asks it.
//
//   cc -O2 -o /tmp/measure Tools/measure-equivalence-classes.c -licui18n -licuuc
//   python3 -c 'print("\n".join("%x" % c for c in range(0x21, 0x7f)))' \
//       | /tmp/measure en_US.UTF-8 en_US
//
// Prints, per character, "X <c> rc=<regcomp status>", the code points only one side holds
// ("G-only", "ICU-only"), and "S <c> glibc=<members> icu=<members> both=<common>".
#include <locale.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/utf16.h>

// Writes the UTF-8 form of `c` and a NUL into `b`.
static void encode(unsigned c, char *b) {
    if (c < 0x80) {
        b[0] = c; b[1] = 0;
    } else if (c < 0x800) {
        b[0] = 0xC0 | c >> 6; b[1] = 0x80 | (c & 63); b[2] = 0;
    } else if (c < 0x10000) {
        b[0] = 0xE0 | c >> 12; b[1] = 0x80 | ((c >> 6) & 63); b[2] = 0x80 | (c & 63); b[3] = 0;
    } else {
        b[0] = 0xF0 | c >> 18; b[1] = 0x80 | ((c >> 12) & 63); b[2] = 0x80 | ((c >> 6) & 63);
        b[3] = 0x80 | (c & 63); b[4] = 0;
    }
}

int main(int argc, char **argv) {
    const char *locale = argc > 1 ? argv[1] : "en_US.UTF-8";
    const char *icu_locale = argc > 2 ? argv[2] : "en_US";
    if (!setlocale(LC_ALL, locale)) {
        fprintf(stderr, "no locale %s\n", locale);
        return 2;
    }
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(icu_locale, &status);
    ucol_setStrength(collator, UCOL_PRIMARY);
    ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &status);
    ucol_setMaxVariable(collator, UCOL_REORDER_CODE_SYMBOL, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "no collator for %s\n", icu_locale);
        return 2;
    }
    static unsigned code_points[0x110000];
    int count = 0;
    for (unsigned c = 1; c < 0x110000; c++) {
        if (c == '\n' || (c >= 0xD800 && c < 0xE000) || u_charType(c) == U_UNASSIGNED) continue;
        code_points[count++] = c;
    }
    unsigned x;
    while (scanf("%x", &x) == 1) {
        char x_bytes[8], pattern[32], c_bytes[8];
        encode(x, x_bytes);
        snprintf(pattern, sizeof pattern, "^[[=%s=]]$", x_bytes);
        regex_t regex;
        int rc = regcomp(&regex, pattern, REG_EXTENDED | REG_NOSUB);
        UChar x_units[2], c_units[2];
        int32_t x_length = 0;
        U16_APPEND_UNSAFE(x_units, x_length, x);
        long glibc = 0, icu = 0, both = 0;
        printf("X %04X rc=%d\n", x, rc);
        for (int i = 0; i < count; i++) {
            unsigned c = code_points[i];
            encode(c, c_bytes);
            int in_glibc = rc == 0 && regexec(&regex, c_bytes, 0, NULL, 0) == 0;
            int32_t c_length = 0;
            U16_APPEND_UNSAFE(c_units, c_length, c);
            int in_icu = ucol_strcoll(collator, x_units, x_length, c_units, c_length) == UCOL_EQUAL;
            glibc += in_glibc;
            icu += in_icu;
            both += in_glibc && in_icu;
            if (in_glibc != in_icu) printf("  %s %04X %s\n", in_glibc ? "G-only" : "ICU-only", c, c_bytes);
        }
        printf("S %04X glibc=%ld icu=%ld both=%ld\n", x, glibc, icu, both);
        fflush(stdout);
        if (rc == 0) regfree(&regex);
    }
    ucol_close(collator);
    return 0;
}
