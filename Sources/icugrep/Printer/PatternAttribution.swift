import ICURegex

/// Which of several patterns gave each match, for the printers: `--json`'s `pattern` of each
/// submatch, `--pattern-colors` and `--pattern-counts`. One per run, shared by the printers of
/// every thread; made only when one of those asks for it, so that other runs pay nothing.
///
/// The patterns are compiled again as a ``RegexPatternSet``, as the line search compiles them
/// (the same ICU texts, options, limits and `-w`/`-x` wrapper), and the set names the first
/// pattern that matches exactly a match's bytes, seeing the whole line
/// (``RegexPatternSet/patternIndex(ofMatch:inUTF8:)``): with ICU's syntax the first pattern that
/// matches at the match's start, as in the alternation of the patterns; with `-G`, `-E` and `-F`,
/// whose matches are the longest at their start, the first pattern that gives that longest
/// match.
final class PatternAttribution: @unchecked Sendable {
    // @unchecked: `counts` is read and written under `lock` only.

    /// The patterns as given, in order.
    let patterns: [String]
    /// Where each pattern came from (`-f FILE`'s file and line), nil for `-e` and the operand.
    let origins: [Configuration.PatternOrigin?]
    private let set: RegexPatternSet
    /// `--pattern-counts`: each pattern's count is kept.
    let counts: Bool
    /// With `-o`, or `--count-matches` with `-c`, the count is of matches; otherwise of lines.
    let countsMatches: Bool
    private let lock = ConditionLock()
    private var patternCounts: [Int]

    /// The attribution for `configuration`, or nil when no option asks for it (`--json` with
    /// several patterns, `--pattern-colors` with `--color`, `--pattern-counts`) or the patterns
    /// cannot be compiled (the line search then reports the error).
    static func make(configuration: Configuration) -> PatternAttribution? {
        let wanted =
            (configuration.patternCounts && configuration.outputMode != .quiet) || (configuration.json && configuration.patterns.count > 1)
            || (configuration.color && !configuration.patternColors.isEmpty)
        guard wanted else { return nil }
        let options = configuration.multiline ? configuration.multilinePatternOptions : configuration.patternOptions
        guard
            let set = try? RegexPatternSet(
                linePatterns: configuration.patternTexts, options: options, wrapper: configuration.patternWrapper,
                limits: configuration.limits)
        else { return nil }
        return PatternAttribution(configuration: configuration, set: set)
    }

    private init(configuration: Configuration, set: RegexPatternSet) {
        patterns = configuration.patterns
        origins = configuration.patterns.indices.map {
            $0 < configuration.patternOrigins.count ? configuration.patternOrigins[$0] : nil
        }
        self.set = set
        counts = configuration.patternCounts
        countsMatches = (configuration.onlyMatching && configuration.outputMode == .lines)
            || (configuration.countsMatches && configuration.outputMode == .count)
        patternCounts = Array(repeating: 0, count: configuration.patterns.count)
    }

    /// The index of the pattern that gave each of the matches `ranges` of `content` (byte
    /// offsets), nil where none can be named (a search stopped at its limits).
    func patternIndices(of ranges: [Range<Int>], in content: UnsafeRawBufferPointer) -> [Int?] {
        (try? set.patternIndices(ofMatches: ranges, inUTF8: content)) ?? ranges.map { _ in nil }
    }

    /// Counts a selected line (without `-o`): one for each pattern that matches in it.
    func countLine(_ content: UnsafeRawBufferPointer) {
        guard counts, !countsMatches else { return }
        let matching = (try? set.matchingPatterns(inUTF8: content.bindMemory(to: UInt8.self))) ?? []
        guard !matching.isEmpty else { return }
        lock.withLock {
            for index in matching { patternCounts[index] += 1 }
        }
    }

    /// Counts the printed (with `-o`) or counted (`--count-matches`) matches of a selected
    /// line: one for the pattern of each.
    func countMatches(_ matches: [Range<Int>], in content: UnsafeRawBufferPointer) {
        guard counts, countsMatches, !matches.isEmpty else { return }
        let indices = patternIndices(of: matches, in: content).compactMap { $0 }
        lock.withLock {
            for index in indices { patternCounts[index] += 1 }
        }
    }

    /// Writes `--pattern-counts`' summary: an empty line, then for each pattern in the order
    /// given its count, a tab and the pattern (a newline in it written `\n`).
    func writeCounts(to output: OutputBuffer) {
        guard counts else { return }
        let totals = lock.withLock { patternCounts }
        output.append(UInt8(ascii: "\n"))
        for (index, pattern) in patterns.enumerated() {
            let text = pattern.replacingNewlines()
            output.append(Array("\(totals[index])\t\(text)\n".utf8))
        }
    }
}

extension String {
    /// The string with each newline written as `\n`, so that it stays on one line.
    fileprivate func replacingNewlines() -> String {
        guard contains("\n") else { return self }
        return split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
    }
}
