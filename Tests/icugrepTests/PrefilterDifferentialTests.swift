@testable import icugrep
@testable import ICURegex
import Foundation
import Testing
import TestSupport

/// The prefiltered search against the plain one: thousands of generated patterns, options
/// and texts, each searched in this process with the prefilter on and off; standard output,
/// standard error and the outcome must be identical.
@Suite("Prefilter: the prefiltered and the plain search agree")
struct PrefilterDifferentialTests {
    /// Lines of the Russian, Chinese and English corpora, or none when `../shared/corpora`
    /// is absent (the generated texts still hold Russian and Chinese words then).
    static let corpusLines: [String] = {
        let directory = TestFixtures.corpora
        var lines: [String] = []
        for name in ["ru-sampled.txt", "zh-sampled.txt", "en-sampled.txt"] {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                continue
            }
            lines += String(decoding: data, as: UTF8.self).split(separator: "\n").prefix(1500).map(String.init)
        }
        return lines
    }()

    /// What one search produced, to compare.
    struct Observation: Equatable {
        var output: [UInt8]
        var errors: [UInt8]
        var selectedAnything: Bool
        var hadError: Bool
        /// The pattern error, when the patterns did not compile.
        var patternError: String?
    }

    /// Searches with `configuration` with the prefilter on or off.
    static func observe(_ configuration: Configuration, prefilter: Bool) -> Observation {
        var configuration = configuration
        configuration.usesPrefilter = prefilter
        do {
            let run = try EngineHarness.run(configuration)
            return Observation(
                output: run.output, errors: run.errors, selectedAnything: run.outcome.selectedAnything,
                hadError: run.outcome.hadError)
        } catch {
            return Observation(output: [], errors: [], selectedAnything: false, hadError: true, patternError: "\(error)")
        }
    }

    /// Runs `caseCount` generated cases over `textCount` texts from `seed` and checks that
    /// both searches agree; returns how many cases had a prefilter.
    static func compare(seed: UInt64, textCount: Int, casesPerText: Int, largeTexts: Bool = false) throws -> (cases: Int, prefiltered: Int) {
        var generator = PrefilterCaseGenerator(seed: seed, corpusLines: corpusLines)
        var cases = 0
        var prefiltered = 0
        var failures = 0
        for _ in 0..<textCount {
            var text = generator.text()
            if largeTexts {
                // Several read blocks (96 KiB each), so that literals and lines fall on block
                // boundaries.
                while text.count < 3 * InputSource.readSize {
                    text += generator.text()
                    text.append(10)
                }
            }
            let other = generator.text()
            let fixture = try EngineFixture(["a.txt": text, "b.txt": other])
            defer { try? FileManager.default.removeItem(at: fixture.directory) }
            for _ in 0..<casesPerText {
                var configuration = Configuration()
                generator.configure(&configuration)
                configuration.files = generator.random.chance(0.15) ? [fixture.path("a.txt"), fixture.path("b.txt")] : [fixture.path("a.txt")]
                cases += 1
                if (try? LinePatterns(configuration: configuration))?.strategy.requiredLiterals != nil { prefiltered += 1 }
                let filtered = observe(configuration, prefilter: true)
                let plain = observe(configuration, prefilter: false)
                if filtered != plain {
                    failures += 1
                    if failures <= 10 {
                        Issue.record("""
                            prefilter changed the result: patterns \(configuration.patterns.debugDescription), \
                            options \(describe(configuration)), literals \(String(describing: (try? LinePatterns(configuration: configuration))?.strategy.requiredLiterals?.literals.map { String(decoding: $0, as: UTF8.self) })), \
                            text \(String(decoding: text.prefix(400), as: UTF8.self).debugDescription)
                            prefiltered: \(String(decoding: filtered.output, as: UTF8.self).debugDescription) \(String(decoding: filtered.errors, as: UTF8.self).debugDescription) \(filtered.selectedAnything) \(filtered.hadError)
                            plain:       \(String(decoding: plain.output, as: UTF8.self).debugDescription) \(String(decoding: plain.errors, as: UTF8.self).debugDescription) \(plain.selectedAnything) \(plain.hadError)
                            """)
                    }
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(cases) cases differ")
        return (cases, prefiltered)
    }

    /// The options of `configuration` in grep's terms, for failure messages.
    static func describe(_ configuration: Configuration) -> String {
        var options: [String] = []
        if configuration.patternSyntax == .fixedStrings { options.append("-F") }
        if configuration.ignoreCase { options.append("-i") }
        if configuration.wordRegexp { options.append("-w") }
        if configuration.lineRegexp { options.append("-x") }
        if configuration.unicodeWords { options.append("--unicode-words") }
        if configuration.invertMatch { options.append("-v") }
        if configuration.onlyMatching { options.append("-o") }
        options.append("mode=\(configuration.outputMode)")
        if configuration.lineNumber { options.append("-n") }
        if configuration.byteOffset { options.append("-b") }
        if let maxCount = configuration.maxCount { options.append("-m\(maxCount)") }
        if configuration.contextRequested { options.append("-B\(configuration.beforeContext) -A\(configuration.afterContext)") }
        if configuration.color { options.append("--color") }
        if configuration.nullData { options.append("-z") }
        options.append("binary=\(configuration.binaryFiles)")
        if configuration.files.count > 1 { options.append("two files") }
        return options.joined(separator: " ")
    }

    @Test("small texts: 10,000 generated cases")
    func smallTexts() throws {
        let (cases, prefiltered) = try Self.compare(seed: 0x5EED_0001, textCount: 500, casesPerText: 20)
        // The comparison is worth something only when many cases use the prefilter.
        #expect(prefiltered * 4 >= cases, "only \(prefiltered) of \(cases) cases were prefiltered")
    }

    @Test("texts of several read blocks: 300 generated cases")
    func largeTexts() throws {
        let (cases, prefiltered) = try Self.compare(seed: 0x5EED_0002, textCount: 10, casesPerText: 30, largeTexts: true)
        #expect(prefiltered * 4 >= cases, "only \(prefiltered) of \(cases) cases were prefiltered")
    }

    @Test("corpus lines around block boundaries, with the literal near every boundary")
    func corpusBlocks() throws {
        var text: [UInt8] = []
        var lineIndex = 0
        while text.count < 4 * InputSource.readSize {
            let line = Self.corpusLines[lineIndex % Self.corpusLines.count]
            // Put the literal at the end and the start of lines close to each 96 KiB boundary.
            let nearBoundary = (text.count % InputSource.readSize) > InputSource.readSize - 400
            text += Array(((nearBoundary ? "Mr. Holmes " : "") + line + (nearBoundary ? " Холмс 福尔摩斯 HOLMES Х\u{1C82}лм\u{1C83} Х\u{1C82}ЛМ\u{1C83} ДЖОН УОТСОН" : "")).utf8)
            text.append(10)
            lineIndex += 7
        }
        let fixture = try EngineFixture(["big.txt": text])
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        let patterns = [
            "Holmes", "Холмс", "福尔摩斯", "Holmes|Watson|Лестрейд", "\\w+\\s+Holmes", "(?<=Mr\\. )Holmes",
            // Searched with -i through case-fold variants (ᲂ U+1C82 is an о, ᲃ U+1C83 a с).
            "Х\u{1C82}ЛМ\u{1C83}", "Шерлок Холмс|Джон Уотсон|Ирен Адлер|инспектор Лестрейд|профессор Мориарти", "сказал",
        ]
        for pattern in patterns {
            for options in [
                [], ["-i"], ["-n"], ["-c"], ["-o", "-b"], ["-w", "-n"], ["-x"], ["-v", "-c"], ["-v", "-n"], ["-v", "-C1", "-n"],
                ["-v", "-m3", "-n"], ["-C1", "-n"], ["-m3", "-n"],
            ] {
                var configuration = EngineHarness.configuration([pattern], files: [fixture.path("big.txt")])
                configuration.ignoreCase = options.contains("-i")
                configuration.lineNumber = options.contains("-n") || options.contains("-C1")
                configuration.outputMode = options.contains("-c") ? .count : .lines
                configuration.onlyMatching = options.contains("-o")
                configuration.byteOffset = options.contains("-b")
                configuration.wordRegexp = options.contains("-w")
                configuration.lineRegexp = options.contains("-x")
                configuration.invertMatch = options.contains("-v")
                if options.contains("-C1") {
                    configuration.beforeContext = 1
                    configuration.afterContext = 1
                    configuration.contextRequested = true
                }
                if options.contains("-m3") { configuration.maxCount = 3 }
                let filtered = Self.observe(configuration, prefilter: true)
                let plain = Self.observe(configuration, prefilter: false)
                #expect(filtered == plain, "\(pattern) \(options)")
                if !configuration.lineRegexp {
                    #expect(!plain.output.isEmpty, "\(pattern) \(options) finds something")
                }
            }
        }
    }

    @Test("-i literal patterns: a line with an ASCII-case occurrence is selected without ICU, other lines are checked")
    func caseInsensitiveLiteralPatterns() throws {
        // Pure ASCII literal patterns with -i: lines holding them in any ASCII case are
        // certain matches; lines with a byte outside ASCII (ſ, the Kelvin sign, ß, é) before
        // or instead of them still go to the automaton or ICU.
        let patterns = ["Sherlock Holmes", "Sherlock Holmes|Irene Adler|John Watson", "holmes|ADLER", "SS|Holmes", "sherlock holmes|Iréne"]
        for pattern in patterns where pattern != "sherlock holmes|Iréne" {
            let literals = try #require(RequiredLiterals(patterns: [pattern], ignoreCase: true))
            #expect(literals.literalsAreThePatterns, "\(pattern)")
        }
        #expect(RequiredLiterals(patterns: ["sherlock holmes|Iréne"], ignoreCase: true)?.literalsAreThePatterns != true)
        #expect(RequiredLiterals(patterns: ["(?-i)Holmes"], ignoreCase: true)?.literalsAreThePatterns != true)

        let fragments = [
            "Sherlock Holmes", "SHERLOCK HOLMES", "sherlock holmes", "ſherlock holmes", "sherloc\u{212A} holmes",
            "Irene Adler", "IRENE ADLER", "Iréne Adler", "iréne", "John Watson", "ß", "straße", "STRASSE", "é", "x", " ",
            "Holme", "adle", "holmes", "\u{212A}",
        ]
        var random = SplitMix64(seed: 0x5EED_0003)
        var text: [UInt8] = []
        for _ in 0..<2_000 {
            for _ in 0..<random.number(in: 0...4) {
                text += Array(random.element(of: fragments).utf8)
            }
            text.append(10)
        }
        let fixture = try EngineFixture(["in.txt": text])
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        for pattern in patterns {
            for options in [["-i"], ["-i", "-n"], ["-i", "-c"], ["-i", "-o"], ["-i", "-w"], ["-i", "-x"], ["-i", "-v", "-c"]] {
                var configuration = EngineHarness.configuration(pattern.split(separator: "\n").map(String.init), files: [fixture.path("in.txt")])
                configuration.ignoreCase = true
                configuration.lineNumber = options.contains("-n")
                configuration.outputMode = options.contains("-c") ? .count : .lines
                configuration.onlyMatching = options.contains("-o")
                configuration.wordRegexp = options.contains("-w")
                configuration.lineRegexp = options.contains("-x")
                configuration.invertMatch = options.contains("-v")
                let filtered = Self.observe(configuration, prefilter: true)
                let plain = Self.observe(configuration, prefilter: false)
                #expect(filtered == plain, "\(pattern) \(options)")
                if !configuration.lineRegexp {
                    #expect(!plain.output.isEmpty, "\(pattern) \(options) finds something")
                }
            }
        }
    }

    @Test("-i: a character whose folding is the pattern's sequence of characters, reaching across its ASCII stretch, is found")
    func foldingAcrossTheASCIIStretch() throws {
        // `i̇` (i and a combining dot) is searched for `i`, and `İ` folds to `i̇`; `ʼncd` for
        // `ncd`, and `ŉ` folds to `ʼn`; `ǰ` (j and a caron) for `j`, and `ǰ` folds to it.
        let fixture = try EngineFixture(["in.txt": Array("İ\nistanbul\nxİy\nŉcd\nʼNCD\nǰ\nJ\u{30C}\nnone\n".utf8)])
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        for (pattern, expected) in [("i\u{307}", "İ\nxİy\n"), ("ʼncd", "ŉcd\nʼNCD\n"), ("j\u{30C}", "ǰ\nJ\u{30C}\n")] {
            let configuration = EngineHarness.configuration([pattern], files: [fixture.path("in.txt")]) { $0.ignoreCase = true }
            let filtered = Self.observe(configuration, prefilter: true)
            #expect(filtered == Self.observe(configuration, prefilter: false), "\(pattern)")
            #expect(String(decoding: filtered.output, as: UTF8.self) == expected, "\(pattern)")
        }
    }

    @Test("-v selects runs of lines that cannot match as one piece, with what one by one would print", arguments: [
        ["-v", "Holmes"], ["-vc", "e"], ["-v", "-m7", "e"], ["-v", "-m3", "Holmes"], ["-v", "-m2000", "Holmes"], ["-vn", "Holmes"],
        ["-v", "--line-buffered", "Holmes"], ["-v", "-H", "e"], ["-v", "-z", "Holmes"], ["-v", "-A1", "Holmes"],
    ])
    func invertedRuns(_ arguments: [String]) throws {
        // Runs of several lines without the literal, within one read block and across blocks.
        let end = arguments.contains("-z") ? "\0" : "\n"
        var text = ""
        for index in 0..<30_000 {
            text += (index % 7 == 0 ? "Sherlock Holmes \(index)" : (index % 3 == 0 ? "line \(index) here" : "xyz \(index)")) + end
        }
        let filtered = try TestProcess.icugrep(arguments, input: Data(text.utf8))
        let plain = try TestProcess.icugrep(arguments, input: Data(text.utf8), environment: ["ICUGREP_NO_PREFILTER": "1"])
        #expect(filtered.standardOutput == plain.standardOutput, "\(arguments)")
        #expect(filtered.status == plain.status, "\(arguments)")
        #expect(!filtered.standardOutput.isEmpty, "\(arguments)")
    }

    @Test("ICUGREP_NO_PREFILTER=1 gives the same output from the binary")
    func environmentSwitch() throws {
        let text = Data("a Sherlock Holmes\nnothing\nSHERLOCK HOLMES\nſherlock\n".utf8)
        for arguments in [["-n", "Sherlock Holmes"], ["-ni", "sherlock"], ["-c", "Holmes|nothing"]] {
            let filtered = try TestProcess.icugrep(arguments, input: text)
            let plain = try TestProcess.icugrep(arguments, input: text, environment: ["ICUGREP_NO_PREFILTER": "1"])
            #expect(filtered.standardOutput == plain.standardOutput, "\(arguments)")
            #expect(filtered.status == plain.status, "\(arguments)")
            #expect(filtered.status == 0, "\(arguments)")
        }
    }
}
