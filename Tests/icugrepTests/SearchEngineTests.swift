@testable import icugrep
import Foundation
import ICURegex
import Testing
import TestSupport

/// The matcher, searcher and printer, run in this process on files in a temporary directory.
@Suite("Search engine")
struct SearchEngineTests {
    // MARK: Patterns

    @Test("Several patterns with back references keep their own group numbers")
    func backReferencesInSeveralPatterns() throws {
        let fixture = try EngineFixture(texts: ["in": "aa\nbb\nab\nba\n"])
        let run = try EngineHarness.run(EngineHarness.configuration(["(a)\\1", "(b)\\1"], files: [fixture.path("in")]))
        #expect(run.text == "aa\nbb\n")
    }

    @Test("Several patterns that name the same group are searched one by one")
    func duplicateGroupNames() throws {
        let fixture = try EngineFixture(texts: ["in": "xa\nxb\nxc\n"])
        let run = try EngineHarness.run(EngineHarness.configuration(["(?<g>a)", "(?<g>b)"], files: [fixture.path("in")]) {
            $0.onlyMatching = true
        })
        #expect(run.text == "a\nb\n")
    }

    @Test("The leftmost match of separately compiled patterns wins, then the earlier pattern")
    func leftmostOfSeparatePatterns() throws {
        let fixture = try EngineFixture(texts: ["in": "xyzzy\n"])
        let run = try EngineHarness.run(EngineHarness.configuration(["(z)\\1", "(y)z", "y(z)"], files: [fixture.path("in")]) {
            $0.onlyMatching = true
        })
        #expect(run.text == "yz\n")
    }

    @Test("A malformed pattern is reported with its own text and offset")
    func patternErrors() throws {
        do {
            _ = try SearchRun(configuration: EngineHarness.configuration(["fine", "ab(c"], files: []))
            Issue.record("no error")
        } catch {
            #expect(error.pattern == "ab(c")
            #expect(error.icuError == .mismatchedParenthesis)
            #expect(error.characterOffset == 4)
        }
        do {
            // Offsets count Characters, not UTF-16 units.
            _ = try SearchRun(configuration: EngineHarness.configuration(["😀é[z"], files: []) { $0.wordRegexp = true })
            Issue.record("no error")
        } catch {
            #expect(error.pattern == "😀é[z")
            #expect(error.icuError == .missingCloseBracket)
            // ICU says UTF-16 offset 4, after the surrogate pair: the fourth Character.
            #expect(error.characterOffset == 3)
        }
    }

    @Test("No pattern at all selects nothing, and with -v everything")
    func noPatterns() throws {
        let fixture = try EngineFixture(texts: ["in": "a\nb\n"])
        let none = try EngineHarness.run(EngineHarness.configuration([], files: [fixture.path("in")]))
        #expect(none.text == "" && !none.outcome.selectedAnything)
        let all = try EngineHarness.run(EngineHarness.configuration([], files: [fixture.path("in")]) {
            $0.invertMatch = true
            $0.lineRegexp = true
        })
        #expect(all.text == "a\nb\n" && all.outcome.selectedAnything)
    }

    // MARK: Blocks and lines

    @Test("Lines that cross read blocks are whole, numbered and placed right")
    func linesAcrossBlocks() throws {
        var generator = SplitMix64(seed: 7)
        var contents: [UInt8] = []
        var expected = ""
        var lineNumber = 0
        while contents.count < 5 * InputSource.readSize {
            lineNumber += 1
            let length = Int(generator.next() % 3_000)
            var line = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            if generator.next() % 5 == 0 && length > 10 {
                line.replaceSubrange(length / 2..<length / 2 + 3, with: Array("FOO".utf8))
                expected += "\(lineNumber):\(contents.count):" + String(decoding: line, as: UTF8.self) + "\n"
            }
            contents += line + [UInt8(ascii: "\n")]
        }
        let fixture = try EngineFixture(["in": contents])
        let run = try EngineHarness.run(EngineHarness.configuration(["FOO"], files: [fixture.path("in")]) {
            $0.lineNumber = true
            $0.byteOffset = true
        })
        #expect(run.text == expected)
    }

    @Test("A line longer than many blocks is searched whole; memory grows only for it")
    func longLine() throws {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 3 * InputSource.readSize) + Array("needle".utf8)
        let fixture = try EngineFixture(["in": Array("first\n".utf8) + line + Array("\nlast needle".utf8)])
        let run = try EngineHarness.run(EngineHarness.configuration(["needle"], files: [fixture.path("in")]) {
            $0.onlyMatching = true
            $0.byteOffset = true
        })
        #expect(run.text == "\(6 + 3 * InputSource.readSize):needle\n\(6 + line.count + 6):needle\n")
    }

    @Test("terminator counting agrees with a plain count")
    func terminatorCounting() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            // Up to 20,000 bytes: past the 255 rounds of 32 bytes after which lanes are summed.
            let length = generator.chance(0.3) ? generator.number(in: 0...20_000) : generator.number(in: 0...100)
            let bytes = (0..<length).map { _ in
                generator.element(of: [UInt8(ascii: "\n"), 0, UInt8(ascii: "a"), 0x80, 0xFF])
            }
            let start = generator.number(in: 0...bytes.count)
            let end = generator.number(in: start...bytes.count)
            let expected = bytes[start..<end].filter { $0 == 10 || $0 == 0 }.count
            let counted = bytes.withUnsafeBytes {
                TerminatorCounting.count(in: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, from: start, to: end, terminator: 10, nulEndsLines: true)
            }
            #expect(counted == expected)
        }
    }

    @Test("Leading context survives the move to a new block")
    func contextAcrossBlocks() throws {
        let filler = String(repeating: "y", count: 1000)
        var text = ""
        for index in 0..<400 { text += "\(filler) \(index)\n" }
        text += "MATCH\n"
        let fixture = try EngineFixture(texts: ["in": text])
        let run = try EngineHarness.run(EngineHarness.configuration(["MATCH"], files: [fixture.path("in")]) {
            $0.beforeContext = 150
            $0.lineNumber = true
        })
        let lines = run.text.split(separator: "\n")
        #expect(lines.count == 151)
        #expect(lines.first == "251-\(filler) 250")
        #expect(lines.last == "401:MATCH")
    }

    @Test("The context ring keeps the most recent lines, growing as needed")
    func contextRing() {
        var ring = ContextRing(limit: 20)
        for number in 1...50 {
            ring.append(HeldLine(start: number, end: number, number: number))
        }
        #expect(ring.count == 20)
        #expect((0..<20).map { ring[$0].number } == Array(31...50))
        ring.shift(by: 10)
        #expect(ring.oldest?.start == 21)
        ring.removeAll()
        #expect(ring.oldest == nil)
        var none = ContextRing(limit: 0)
        none.append(HeldLine(start: 0, end: 0, number: 1))
        #expect(none.count == 0)
    }

    // MARK: Errors and limits

    @Test("A line that hits the time limit is skipped with a warning; later lines are searched")
    func timeLimit() throws {
        // The first line holds a match at its end, so the prefilter passes it on; the look-ahead
        // of two characters, which no automaton reads, keeps the prefilter's automaton from
        // deciding the line alone, so ICU searches it and backtracks without end from its start.
        let fixture = try EngineFixture(texts: ["in": String(repeating: "a", count: 50_000) + "cab\naab\n"])
        let run = try EngineHarness.run(EngineHarness.configuration(["(a+)+b(?!xy)"], files: [fixture.path("in")]) {
            $0.timeLimitSteps = 50
        })
        #expect(run.text == "aab\n")
        #expect(run.errorText == "icugrep: \(fixture.path("in")): line at byte 0: the pattern exceeded its time limit; line skipped\n")
        #expect(run.outcome.hadError && run.outcome.selectedAnything)
    }

    @Test("The time limit is wall-clock time per line, whatever the line's length")
    func wallTimeLimitOnALongLine() throws {
        // A look-behind tried at every position of a 4 MB line: minutes of work, which ICU's
        // step limit (growing with the line) would allow. The next line matches.
        let long = String(repeating: "a", count: 4_000_000) + "-x\n"
        let fixture = try EngineFixture(texts: ["in": long + String(repeating: "b", count: 60) + "x\n"])
        let clock = ContinuousClock()
        let start = clock.now
        let run = try EngineHarness.run(EngineHarness.configuration([#"\w(?<=[ab]{50,100}x)"#], files: [fixture.path("in")]) {
            $0.timeLimitSeconds = 0.2
            $0.lineNumber = true
            $0.usesPrefilter = false
        })
        // Only an upper bound, with a wide margin for a loaded machine.
        #expect(clock.now - start < .seconds(3))
        #expect(run.text == "2:" + String(repeating: "b", count: 60) + "x\n")
        #expect(run.errorText == "icugrep: \(fixture.path("in")):1: the pattern exceeded its time limit; line skipped\n")
        #expect(run.outcome.hadError && run.outcome.selectedAnything)
    }

    @Test("--time-limit=0 lets a slow line finish; a limit skips it")
    func noTimeLimitFinishesASlowLine() throws {
        // `\w*x` from each of 25,000 positions runs to the `-` and back: quadratic, about 3 s
        // here, beyond the default second; the match is the final `x`.
        let fixture = try EngineFixture(texts: ["in": String(repeating: "a", count: 25_000) + "-x\n"])
        let limited = try EngineHarness.run(EngineHarness.configuration([#"\w*x"#], files: [fixture.path("in")]) {
            $0.timeLimitSeconds = 0.1
            $0.usesPrefilter = false
            $0.outputMode = .count
        })
        #expect(limited.text == "0\n")
        #expect(limited.errorText == "icugrep: \(fixture.path("in")): line at byte 0: the pattern exceeded its time limit; line skipped\n")
        let unlimited = try EngineHarness.run(EngineHarness.configuration([#"\w*x"#], files: [fixture.path("in")]) {
            $0.timeLimitSeconds = 0
            $0.usesPrefilter = false
            $0.outputMode = .count
        })
        #expect(unlimited.text == "1\n")
        #expect(unlimited.errorText == "")
        #expect(!unlimited.outcome.hadError && unlimited.outcome.selectedAnything)
    }

    @Test("A warning names the line by number when lines are numbered, by byte offset otherwise")
    func limitWarningNamesTheLine() throws {
        // Lines the prefilter skips come first: they are counted only when lines are numbered.
        let runaway = String(repeating: "a", count: 50_000) + "cab\n"
        let fixture = try EngineFixture(texts: ["in": "xyz\nno\n" + runaway + "aab\n"])
        let plain = try EngineHarness.run(EngineHarness.configuration(["(a+)+b(?!xy)"], files: [fixture.path("in")]) {
            $0.timeLimitSteps = 50
        })
        #expect(plain.errorText == "icugrep: \(fixture.path("in")): line at byte 7: the pattern exceeded its time limit; line skipped\n")
        let numbered = try EngineHarness.run(EngineHarness.configuration(["(a+)+b(?!xy)"], files: [fixture.path("in")]) {
            $0.timeLimitSteps = 50
            $0.lineNumber = true
        })
        #expect(numbered.text == "4:aab\n")
        #expect(numbered.errorText == "icugrep: \(fixture.path("in")):3: the pattern exceeded its time limit; line skipped\n")
    }

    @Test("A missing file is reported, the others searched")
    func missingFile() throws {
        let fixture = try EngineFixture(texts: ["in": "x\n"])
        let run = try EngineHarness.run(EngineHarness.configuration(["x"], files: [fixture.path("nope"), fixture.path("in")]))
        #expect(run.text == "\(fixture.path("in")):x\n")
        #expect(run.errorText == "icugrep: \(fixture.path("nope")): No such file or directory\n")
        #expect(run.outcome.hadError && run.outcome.selectedAnything)
        let silent = try EngineHarness.run(EngineHarness.configuration(["x"], files: [fixture.path("nope")]) {
            $0.noMessages = true
        })
        #expect(silent.errors.isEmpty && silent.outcome.hadError)
    }

    @Test("An unknown encoding is an error before anything is read")
    func unknownEncoding() throws {
        let run = try EngineHarness.run(EngineHarness.configuration(["x"], files: ["/nonexistent"]) {
            $0.encoding = "no-such-charset"
        })
        #expect(run.errorText == "icugrep: no-such-charset: unknown encoding\n")
        #expect(run.outcome.hadError && !run.outcome.selectedAnything)
    }

    @Test("A failed write ends the run with grep's message")
    func writeError() throws {
        let fixture = try EngineFixture(texts: ["in": "x\n"])
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let collected = CollectedBytes()
        let output = OutputBuffer(destination: .fileDescriptor(full))
        let errors = OutputBuffer(destination: .collector { collected.errors += $0 }, flushThreshold: 1)
        let searchRun = try SearchRun(configuration: EngineHarness.configuration(["x"], files: [fixture.path("in")]))
        let outcome = searchRun.run(output: output, errors: errors, standardOutput: StandardOutputKind())
        #expect(outcome.hadError)
        #expect(String(decoding: collected.errors, as: UTF8.self) == "icugrep: write error: No space left on device\n")
    }

    // MARK: Output pieces

    @Test("Decimal numbers are padded like printf's %*d")
    func decimals() {
        let collected = CollectedBytes()
        let output = OutputBuffer(destination: .collector { collected.output += $0 })
        output.appendDecimal(0)
        output.append(UInt8(ascii: "|"))
        output.appendDecimal(42, width: 5)
        output.append(UInt8(ascii: "|"))
        output.appendDecimal(-7, width: 3)
        output.append(UInt8(ascii: "|"))
        output.appendDecimal(Int.max, width: 2)
        output.flush()
        #expect(String(decoding: collected.output, as: UTF8.self) == "0|   42| -7|\(Int.max)")
    }

    @Test("Colors follow GREP_COLORS' codes, with or without erase-in-line")
    func colorSequences() {
        #expect(SGRSequences(code: "01;31", eraseInLine: true).start == Array("\u{1B}[01;31m\u{1B}[K".utf8))
        #expect(SGRSequences(code: "01;31", eraseInLine: true).end == Array("\u{1B}[m\u{1B}[K".utf8))
        #expect(SGRSequences(code: "4", eraseInLine: false).end == Array("\u{1B}[m".utf8))
        #expect(SGRSequences(code: "", eraseInLine: true).isEmpty)
        var colors = OutputColors()
        colors.selectedLine = "1"
        #expect(ColorScheme(colors, enabled: false).selectedMatch.isEmpty)
        #expect(!ColorScheme(colors, enabled: true).selectedLine.isEmpty)
    }

    @Test("-c, -l and -L summarize each file; -L's status follows selected lines, as in grep 3.8")
    func summaries() throws {
        let fixture = try EngineFixture(texts: ["yes": "x\nx\n", "no": "y\n"])
        let files = [fixture.path("yes"), fixture.path("no")]
        let count = try EngineHarness.run(EngineHarness.configuration(["x"], files: files) { $0.outputMode = .count })
        #expect(count.text == "\(files[0]):2\n\(files[1]):0\n")
        let without = try EngineHarness.run(EngineHarness.configuration(["x"], files: files) {
            $0.outputMode = .filesWithoutMatch
            $0.nullAfterName = true
        })
        #expect(without.text == "\(files[1])\0")
        #expect(without.outcome.selectedAnything)
    }
}
