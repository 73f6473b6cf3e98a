import Foundation
import Testing

/// Cases that GNU grep 3.8's own test suite (`Tools/run-gnu-grep-tests.sh`) found, each
/// written here anew and compared with GNU grep where it is installed.
@Suite("Cases from GNU grep's test suite")
struct GNUSuiteRegressionTests {
    /// `skip-read`: no pattern at all (`-f /dev/null`) with `-L`, in every syntax. With `-G`
    /// and `-E` this crashed (the patterns' translations were empty while the patterns were
    /// not).
    @Test(arguments: [[String](), ["-E"], ["-G"], ["-F"], ["-P"]])
    func noPatternsWithFilesWithoutMatch(_ syntax: [String]) throws {
        let result = try TestProcess.icugrep(["-L", "-f", "/dev/null"] + syntax + ["/dev/null"])
        #expect(result.output == "/dev/null\n")
        #expect(result.errors.isEmpty)
        #expect(result.status == 1)
        if ReferenceGrep.isAvailable, !syntax.contains("-P") {
            let grep = try #require(ReferenceGrep.executable)
            let expected = try TestProcess.run(grep, ["-L", "-f", "/dev/null"] + syntax + ["/dev/null"])
            #expect(result.output == expected.output && result.status == expected.status)
        }
    }

    /// `stack-overflow`: groups nested ten thousand deep crashed the reading of -E and -G
    /// patterns (unbounded recursion); now a nesting that deep is refused in the words GNU grep
    /// uses when its stack overflows.
    @Test func deeplyNestedGroups() throws {
        let deep = String(repeating: "(", count: 10_000)
        let refused = try TestProcess.icugrep(["-E", "-e", deep], stdin: "x\n")
        #expect(refused.status == 2)
        #expect(refused.errors == "icugrep: stack overflow\n")
        #expect(refused.output.isEmpty)
        // From -f too, without the FILE:LINE: that regcomp's errors get (GNU grep's stack
        // guard names no pattern).
        let directory = try TestProcess.makeDirectory(["deep": Data(deep.utf8)])
        let fromFile = try TestProcess.icugrep(["-E", "-f", "deep"], directory: directory)
        #expect(fromFile.errors == "icugrep: stack overflow\n" && fromFile.status == 2)
        // Within the limit the reading completes; ICU may then refuse a pattern that deep
        // (an error, status 2), but nothing crashes. Shallower nesting matches.
        let withinLimit = String(repeating: "(", count: 1_500) + "a" + String(repeating: ")", count: 1_500)
        let deepResult = try TestProcess.icugrep(["-E", "-c", withinLimit], stdin: "a\nb\n")
        #expect(deepResult.status == 0 || deepResult.status == 2)
        let nested = String(repeating: "(", count: 20) + "a" + String(repeating: ")", count: 20)
        #expect(try TestProcess.icugrep(["-E", "-c", nested], stdin: "a\nb\n").output == "1\n")
        let basic = String(repeating: "\\(", count: 20) + "a" + String(repeating: "\\)", count: 20)
        #expect(try TestProcess.icugrep(["-G", "-c", basic], stdin: "a\nb\n").output == "1\n")
    }
}
