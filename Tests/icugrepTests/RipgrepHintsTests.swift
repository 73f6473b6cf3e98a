@testable import icugrep
import Foundation
import Testing

/// The help for people coming from ripgrep: one more line after GNU grep's message for an
/// unknown option, and a line after a run that failed in a way ripgrep's meaning of `-r`, `-U`
/// or `-z` explains. GNU grep's own lines stay first and unchanged.
@Suite("Hints for ripgrep users")
struct RipgrepHintsTests {
    typealias H = ParserHarness

    /// GNU grep's lines for an unknown long option, then the hint.
    static func unknownOption(_ typed: String, hint: String?) -> String {
        "icugrep: unrecognized option '\(typed)'\n" + H.usageLines + (hint.map { "icugrep: \($0)\n" } ?? "")
    }

    @Test func closeOptionNames() {
        #expect(H.errorText(["--max-deph=2", "x"]) == Self.unknownOption("--max-deph=2", hint: "did you mean '--max-depth'?"))
        #expect(H.errorText(["--hiden", "x"]) == Self.unknownOption("--hiden", hint: "did you mean '--hidden'?"))
        #expect(H.errorText(["--sortt=path", "x"]) == Self.unknownOption("--sortt=path", hint: "did you mean '--sort' or '--sortr'?"))
        #expect(H.errorText(["--ignore-vsc", "x"]) == Self.unknownOption("--ignore-vsc", hint: "did you mean '--ignore-vcs'?"))
        #expect(H.errorText(["--invert-mach", "x"]) == Self.unknownOption("--invert-mach", hint: "did you mean '--invert-match'?"))
        #expect(H.errorText(["--colour-x", "x"]) == Self.unknownOption("--colour-x", hint: "did you mean '--colour'?"))
        // Nothing close: GNU grep's lines alone, byte for byte.
        #expect(H.errorText(["--foo", "x"]) == Self.unknownOption("--foo", hint: nil))
        #expect(H.errorText(["--zzzzzzzzzzzz", "x"]) == Self.unknownOption("--zzzzzzzzzzzz", hint: nil))
        #expect(H.errorText(["-k", "x"]) == "icugrep: invalid option -- 'k'\n" + H.usageLines)
    }

    @Test func ripgrepNames() {
        #expect(H.errorText(["--maxdepth=2", "x"])
            == Self.unknownOption("--maxdepth=2", hint: "ripgrep's --maxdepth is --max-depth in icugrep"))
        #expect(H.errorText(["--trim", "x"])
            == Self.unknownOption("--trim", hint: "ripgrep's --trim has no equivalent in icugrep yet"))
        // A ripgrep option that icugrep has is never named as missing.
        for name in RipgrepHints.ripgrepOnlyLongOptions {
            #expect(!OptionTable.longOptions.contains { $0.name == name }, "--\(name) is in the option table")
        }
        #expect(H.errorText(["-N", "x"]) == "icugrep: invalid option -- 'N'\n" + H.usageLines
            + "icugrep: ripgrep's -N is --no-line-number; icugrep numbers lines only with -n\n")
        #expect(H.errorText(["-r$1", "x"]) == "icugrep: invalid option -- '$'\n" + H.usageLines
            + "icugrep: -r is GNU grep's --recursive; ripgrep's -r REPLACEMENT is --replace=REPLACEMENT\n")
    }

    @Test func editDistance() {
        func distance(_ a: String, _ b: String, limit: Int = 9) -> Int {
            RipgrepHints.editDistance(Array(a.utf8), Array(b.utf8), limit: limit)
        }
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("ab", "ba") == 1)
        #expect(distance("", "abc") == 3 && distance("abc", "") == 3)
        #expect(distance("abc", "abc") == 0)
        #expect(distance("abcdef", "uvwxyz", limit: 2) == 3)
        #expect(distance("glob", "globb") == 1)
    }

    /// A directory with a text file and a compressed one.
    static let directory: URL = try! TestProcess.makeDirectory([
        "a.txt": Data("foo bar\n".utf8),
        // "foo\n" compressed by gzip.
        "a.txt.gz": Data([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4b, 0xcb, 0xcf, 0xe7, 0x02,
                          0x00, 0xa8, 0x65, 0x32, 0x7e, 0x04, 0x00, 0x00, 0x00]),
    ])

    static func run(_ arguments: [String]) throws -> ProcessResult {
        try TestProcess.icugrep(arguments, directory: directory)
    }

    @Test func hintsAfterARun() throws {
        let replaceHint = "icugrep: -r is GNU grep's --recursive; ripgrep's -r REPLACEMENT is --replace=REPLACEMENT\n"
        // rg -r '$1' 'fo(o)' a.txt: GNU grep takes $1 for the pattern and fo(o) for a file.
        let replace = try Self.run(["-r", "$1", "fo(o)", "a.txt"])
        #expect(replace.status == 2 && replace.errors == "icugrep: fo(o): No such file or directory\n" + replaceHint)
        #expect(try Self.run(["-r", "$name", "fo(?<name>o)"]).errors == "icugrep: fo(?<name>o): No such file or directory\n" + replaceHint)
        // --recursive spelled out, a pattern without a group reference, a missing file that
        // is not the first, every file there: no hint.
        #expect(try Self.run(["--recursive", "$1", "fo(o)", "a.txt"]).errors == "icugrep: fo(o): No such file or directory\n")
        #expect(try Self.run(["-r", "foo", "missing"]).errors == "icugrep: missing: No such file or directory\n")
        #expect(try Self.run(["-r", "bar", "fo(o)", "a.txt"]).errors == "icugrep: fo(o): No such file or directory\n")
        #expect(try Self.run(["-r", "$1", "a.txt", "missing"]).errors == "icugrep: missing: No such file or directory\n")
        #expect(RipgrepHints.looksLikeReplacement("$1") && RipgrepHints.looksLikeReplacement("a${x}"))
        #expect(!RipgrepHints.looksLikeReplacement("a$") && !RipgrepHints.looksLikeReplacement("$ x") && !RipgrepHints.looksLikeReplacement("$$"))
        #expect(try Self.run(["-r", "foo", "a.txt"]).errors.isEmpty)
        #expect(try Self.run(["-rs", "$1", "fo(o)", "a.txt"]).errors.isEmpty)

        let zipHint = "icugrep: -z is GNU grep's --null-data; ripgrep's -z (searching compressed files) is --search-zip\n"
        let zip = try Self.run(["-z", "foo", "a.txt.gz"])
        #expect(zip.status == 1 && zip.errors == zipHint)
        #expect(try Self.run(["-z", "foo", "a.txt"]).errors.isEmpty)
        #expect(try Self.run(["--null-data", "foo", "a.txt.gz"]).errors.isEmpty)
        #expect(try Self.run(["-z", "foo", "a.txt", "a.txt.gz"]).errors.isEmpty)  // Found: status 0.

        let multilineHint = "icugrep: -U is GNU grep's --binary, which does nothing; ripgrep's -U (matching across lines) is --multiline\n"
        let multiline = try Self.run(["-U", "foo\\nbar", "a.txt"])
        // The warning that the pattern needs a line end comes first, before the search.
        let lineEndWarning = "icugrep: warning: the pattern ‘foo\\nbar’ matches only across a line end, which a line never holds;"
            + " --multiline lets matches span lines\n"
        #expect(multiline.status == 1 && multiline.errors == lineEndWarning + multilineHint)
        #expect(try Self.run(["-U", "--multiline", "foo\\nbar", "a.txt"]).errors.isEmpty)
        #expect(try Self.run(["-U", "foo bar", "a.txt"]).errors.isEmpty)
        #expect(try Self.run(["-U", "nothing", "a.txt"]).errors.isEmpty)
    }
}
