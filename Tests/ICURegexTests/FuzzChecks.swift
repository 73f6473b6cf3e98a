// The checks of the fuzz targets FuzzPatternReader, FuzzSearchPlan and FuzzPOSIXTranslator
// (the `Fuzz/` package links this file into them), and of the test that replays the inputs they found
// (`FuzzRegressionTests`): one source, so that a replayed input is checked exactly as the
// fuzzer checked it. A crash is a finding; so is a returned difference.

@testable import ICURegex

/// What the fuzz targets of ICURegex check on one input.
enum ICURegexFuzzChecks {
    /// Reads fuzz input bytes front to back; past the end every byte is 0.
    struct Input {
        var bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func byte() -> UInt8 {
            guard position < bytes.count else { return 0 }
            defer { position += 1 }
            return bytes[position]
        }

        /// The bytes up to the next 0 byte (which is skipped), or to the end.
        mutating func field() -> ArraySlice<UInt8> {
            let start = min(position, bytes.count)
            let end = bytes[start...].firstIndex(of: 0) ?? bytes.count
            position = end + 1
            return bytes[start..<end]
        }
    }

    /// The compile options that bits of `flags` choose.
    static func options(_ flags: UInt8) -> RegexPattern.Options {
        var options: RegexPattern.Options = []
        if flags & 1 != 0 { options.insert(.caseInsensitive) }
        if flags & 2 != 0 { options.insert(.dotMatchesLineSeparators) }
        if flags & 4 != 0 { options.insert(.anchorsMatchLines) }
        if flags & 8 != 0 { options.insert(.useUnicodeWordBoundaries) }
        if flags & 16 != 0 { options.insert(.useUnixLineSeparators) }
        if flags & 32 != 0 && flags & 64 != 0 { options.insert(.allowCommentsAndWhitespace) }
        if flags & 32 == 0 && flags & 64 != 0 && flags & 8 != 0 { options.insert(.ignoreMetacharacters) }
        return options
    }

    /// Tight limits, so that a pathological pattern costs the fuzzer little time.
    static let limits = RegexPattern.Limits(timeLimitSteps: 200, stackLimitBytes: 1 << 20)

    /// A UTF-16 text of at least `length` units made of `seed` repeated (a lone surrogate
    /// where a byte 0xFF stands, so that ill-formed text is tried too).
    static func text(from seed: ArraySlice<UInt8>, length: Int) -> [UInt16] {
        var piece: [UInt16] = []
        var run: [UInt8] = []
        for byte in seed {
            if byte == 0xFF {
                piece += String(decoding: run, as: UTF8.self).utf16
                run = []
                piece.append(piece.count % 2 == 0 ? 0xD83D : 0xDE00)
            } else {
                run.append(byte)
            }
        }
        piece += String(decoding: run, as: UTF8.self).utf16
        if piece.isEmpty { piece = [0x61] }
        var units: [UInt16] = []
        units.reserveCapacity(length + piece.count)
        while units.count < length { units += piece }
        return units
    }

    /// (a) The pattern reader, literal facts, search plan and ICU's compilation of arbitrary
    /// pattern bytes, then a search of a short and of a long text: nothing may crash; and a
    /// pattern whose compilation waits for its first ICU search (``CertainCompilation``) is
    /// one ICU compiles, with the groups counted.
    static func patternReader(_ data: [UInt8]) -> [String] {
        var input = Input(data)
        let flags = input.byte()
        let pattern = String(decoding: input.field(), as: UTF8.self)
        guard pattern.utf16.count <= 4_000 else { return [] }
        if let syntax = PatternReader.read(pattern) {
            _ = LiteralFacts.of(syntax, score: { $0.count })
            _ = CodePointPattern.reading(of: syntax)
        }
        let options = Self.options(flags)
        _ = SearchPlan(pattern: pattern, options: options)
        guard let compiled = try? RegexPattern(pattern, options: options, limits: limits) else { return [] }
        if let groups = CertainCompilation.captureGroups(pattern, options: options) {
            guard (try? compiled.template()) != nil else { return ["ICU rejects \(pattern), left for later"] }
            let eager = try? RegexPattern("(?:\(pattern))|\\x{61}", options: options, limits: limits)
            guard eager?.numberOfCaptureGroups == groups else { return ["\(pattern): \(groups) groups counted"] }
        }
        let seed = input.field()
        for length in [seed.count, SearchPlan.minimumSearchLength + 7] {
            let text = Self.text(from: seed, length: length)
            text.withUnsafeBufferPointer { units in
                _ = try? compiled.firstRange(inUTF16: units)
                _ = try? compiled.firstRange(inUTF16: units, range: units.count / 3..<units.count, anchored: true)
            }
        }
        return []
    }

    /// One search's answer as comparable text: the match, "none", or nil after an error
    /// (a limit the two searches may reach at different places).
    private static func first(_ pattern: RegexPattern, _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, anchored: Bool) -> String? {
        do {
            let match = try pattern.firstRange(inUTF16: units, range: range, anchored: anchored)
            return match.isNotFound ? "none" : "\(match.location)+\(match.length)"
        } catch {
            return nil
        }
    }

    /// Every match of a walk, at most `limit`, or nil after an error.
    private static func all(_ pattern: RegexPattern, _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, limit: Int = 500) -> [BufferMatch]? {
        var iterator = pattern.matches(inUTF16: units, range: range).makeIterator()
        var ranges: [BufferMatch] = []
        while ranges.count < limit, let match = iterator.next() {
            ranges.append(match)
        }
        return iterator.error == nil ? ranges : nil
    }

    /// (b) The search plan against ICU alone: the pattern compiled with and without the plan
    /// must find the same first match in a long text (whole, or a range, anchored or not) and
    /// the same matches walking it.
    static func searchPlan(_ data: [UInt8]) -> [String] {
        var input = Input(data)
        let flags = input.byte()
        let shape = input.byte()
        let pattern = String(decoding: input.field(), as: UTF8.self)
        guard pattern.utf16.count <= 1_000 else { return [] }
        let options = Self.options(flags)
        guard let planned = try? RegexPattern(pattern, options: options, limits: limits, usesSearchPlan: true),
              let plain = try? RegexPattern(pattern, options: options, limits: limits, usesSearchPlan: false)
        else { return [] }
        // Long enough for the plan, or, for a quarter of the inputs, for its automaton (whose
        // texts are 16 times longer, so the fuzzer tries fewer of them).
        let length = shape & 0xA0 == 0xA0 ? SearchPlan.automatonSearchLength + 3 : SearchPlan.minimumSearchLength + Int(shape & 0x3F) * 37
        let text = Self.text(from: input.field(), length: length)
        let lower = shape & 0x40 != 0 ? Int(input.byte()) : 0
        let upper = text.count - Int(input.byte())
        let anchored = flags & 0x80 != 0
        var differences: [String] = []
        text.withUnsafeBufferPointer { units in
            for range in [0..<units.count, lower..<max(lower, upper)] {
                if let expected = first(plain, units, range, anchored: anchored),
                   let found = first(planned, units, range, anchored: anchored), found != expected {
                    differences.append("first match of \(pattern) (options \(options.rawValue), range \(range), anchored \(anchored)): plan \(found), ICU \(expected)")
                }
            }
            if let expected = all(plain, units, 0..<units.count), let found = all(planned, units, 0..<units.count),
               found != expected {
                let index = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(found.count, expected.count)
                differences.append("matches of \(pattern) (options \(options.rawValue)): plan and ICU differ at match \(index): plan \(found.dropFirst(index).first.map { "\($0)" } ?? "end"), ICU \(expected.dropFirst(index).first.map { "\($0)" } ?? "end")")
            }
        }
        return differences
    }
    /// (d) The POSIX translator on arbitrary pattern bytes, read as a BRE and as an ERE (`-G`
    /// and `-E`), then ICU's compilation of each translation and a short search: nothing may
    /// crash, however the pattern nests. What the translator writes nests no deeper than
    /// ``POSIXPatternTranslator/maximumNesting``, ICU compiles it, and ICU compiles it in the
    /// two groups the line search may add (joined with another pattern and wrapped for `-w`).
    /// Input: a flags byte (bit 0 `-i`, bit 1 `-z`, bit 2 the C locale, where bytes are
    /// characters), the pattern up to a 0 byte, the text.
    static func posixTranslator(_ data: [UInt8]) -> [String] {
        var input = Input(data)
        let flags = input.byte()
        let pattern = String(decoding: input.field(), as: UTF8.self)
        guard pattern.utf16.count <= 4_000 else { return [] }
        let translatorOptions = POSIXPatternTranslator.Options(
            ignoreCase: flags & 1 != 0, dotMatchesNewline: flags & 2 != 0, bytesAreCharacters: flags & 4 != 0)
        let options: RegexPattern.Options = flags & 1 != 0 ? [.caseInsensitive, .useUnixLineSeparators] : [.useUnixLineSeparators]
        let text = Self.text(from: input.field(), length: 0)
        var differences: [String] = []
        for syntax in [POSIXPatternTranslator.Syntax.basic, .extended] {
            guard let translation = try? POSIXPatternTranslator.translate(pattern, syntax: syntax, options: translatorOptions)
            else { continue }
            let icu = translation.pattern
            let depth = PatternNesting.depth(ofICUPattern: icu)
            if depth > POSIXPatternTranslator.maximumNesting {
                differences.append("\(syntax) \(pattern.debugDescription): the translation \(icu.debugDescription) nests \(depth) deep")
            }
            let compiled: RegexPattern
            do {
                compiled = try RegexPattern(icu, options: options, limits: limits)
            } catch {
                differences.append("\(syntax) \(pattern.debugDescription): ICU rejects the translation \(icu.debugDescription): \(error)")
                continue
            }
            let wrapped = "(?<!\\w)(?:(?:\(icu))|(?:b))(?!\\w)"
            do {
                _ = try RegexPattern(wrapped, options: options, limits: limits)
            } catch {
                differences.append("\(syntax) \(pattern.debugDescription): ICU rejects the wrapped translation \(wrapped.debugDescription): \(error)")
            }
            text.withUnsafeBufferPointer { units in
                _ = try? compiled.firstRange(inUTF16: units)
            }
        }
        return differences
    }
}

