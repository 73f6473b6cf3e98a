import ICURegex

/// `--replace`'s template, read once for each compiled pattern of the run: ICU's syntax, as
/// ``RegexPattern/replacing(in:range:withTemplate:maxReplacements:)`` reads it.
struct ReplacementTemplates: Sendable {
    /// Each compiled pattern with the template read for it (the groups it names are the
    /// pattern's).
    let templates: [(pattern: RegexPattern, template: ReplacementTemplate)]

    /// Reads `template` for each of `patterns`: the line search's, or with `--multiline` the
    /// multi-line search's (whose `^` and `$` match at each line's start and end).
    /// - Throws: The library's error for a template that names no group of a pattern.
    init(_ template: String, patterns: [RegexPattern]) throws(ICURegexError) {
        var templates: [(pattern: RegexPattern, template: ReplacementTemplate)] = []
        for pattern in patterns {
            templates.append((pattern, try ReplacementTemplate(template, pattern: pattern)))
        }
        self.templates = templates
    }
}

/// Writes the replacement of each match of a line, for ``LinePrinter``: the searcher finds
/// the matches (byte ranges), and the replacer asks the library for their capture groups,
/// matching each pattern on each match's range alone (``SpanGroupFinder/groups(spanning:inUTF8:_:)``),
/// so that the rest of the line is not searched again. A template that names no group but the
/// whole match needs no groups at all.
///
/// Nothing is allocated for a line or a match once the scratch arrays have grown: the
/// templates are read into flat pieces once, and the groups of a line's matches are kept as
/// offsets in one array.
///
/// One replacer serves one printer (one thread): it keeps its scratch arrays.
final class LineReplacer {
    /// A piece of a template as ``append(replacementOf:range:in:to:)`` writes it: text as a
    /// range of ``text``, so that writing a piece costs no reference counting.
    private enum Piece {
        case text(Range<Int>)
        case group(Int)
    }

    private let templates: ReplacementTemplates
    /// The text of every template's pieces, one after another.
    private let text: [UInt8]
    /// The pieces of every template, one after another: those of template `index` are
    /// `pieces[templatePieces[index]]`.
    private let pieces: [Piece]
    private let templatePieces: [Range<Int>]
    /// The number of capture groups of each template's pattern.
    private let groupCounts: [Int]
    /// What finds the groups of each template's pattern (each holding a backtracker of its
    /// own for the replacer's life); empty when ``needsGroups`` is false.
    private let groupFinders: [SpanGroupFinder]
    /// True when a template names a group other than the whole match: only then are the
    /// groups of a line's matches asked for.
    private let needsGroups: Bool
    /// The most groups any pattern has: the groups of the line's match `index` are at
    /// `groupBounds[(index * groupStride)...]`, two offsets for each group from group 1.
    private let groupStride: Int
    /// The start and end of each group of each of the line's matches, -1 for a group that
    /// took no part (see ``groupStride``).
    private var groupBounds: [Int] = []
    /// For each of the line's matches, the index of the template whose pattern gave its
    /// groups; -1 for a match no pattern matched alike (only its whole match is known).
    private var matchTemplates: [Int] = []

    init(_ templates: ReplacementTemplates) {
        self.templates = templates
        var text: [UInt8] = []
        var pieces: [Piece] = []
        var templatePieces: [Range<Int>] = []
        for (_, template) in templates.templates {
            let first = pieces.count
            for piece in template.pieces {
                switch piece {
                case .text(let bytes):
                    pieces.append(.text(text.count..<(text.count + bytes.count)))
                    text += bytes
                case .group(let group):
                    pieces.append(.group(group))
                }
            }
            templatePieces.append(first..<pieces.count)
        }
        self.text = text
        self.pieces = pieces
        self.templatePieces = templatePieces
        groupCounts = templates.templates.map { $0.pattern.numberOfCaptureGroups }
        groupStride = 2 * (groupCounts.max() ?? 0)
        let needsGroups = pieces.contains { piece in
            if case .group(let group) = piece { return group > 0 }
            return false
        }
        self.needsGroups = needsGroups
        groupFinders = needsGroups ? templates.templates.map { SpanGroupFinder($0.pattern) } : []
    }

    /// Finds the groups of `matches`, the non-empty matches of `content` in order; call it
    /// before ``append(replacementOf:range:in:to:)`` for each match of the line.
    func prepare(_ content: UnsafeRawBufferPointer, matches: [Range<Int>]) {
        guard needsGroups else { return }
        matchTemplates.removeAll(keepingCapacity: true)
        matchTemplates.append(contentsOf: repeatElement(-1, count: matches.count))
        guard !matches.isEmpty else { return }
        let boundsCount = matches.count * groupStride
        if groupBounds.count < boundsCount {
            groupBounds.append(contentsOf: repeatElement(-1, count: boundsCount - groupBounds.count))
        }
        var unresolved = matches.count
        let bytes = UnsafeBufferPointer(
            start: content.baseAddress?.assumingMemoryBound(to: UInt8.self), count: content.count)
        let slotStride = groupStride
        for (templateIndex, finder) in groupFinders.enumerated() where unresolved > 0 {
            let groups = groupCounts[templateIndex]
            // Each match's range is matched alone (with the line around it for assertions),
            // rather than the whole line searched again.
            try? finder.groups(spanning: matches, inUTF8: bytes) { index, group in
                guard matchTemplates[index] < 0 else { return }
                matchTemplates[index] = templateIndex
                unresolved -= 1
                groupBounds.withUnsafeMutableBufferPointer { bounds in
                    var slot = index * slotStride
                    for number in stride(from: 1, through: groups, by: 1) {
                        let range = group(number)
                        bounds[slot] = range?.lowerBound ?? -1
                        bounds[slot + 1] = range?.upperBound ?? -1
                        slot += 2
                    }
                }
            }
        }
    }

    /// Appends to `output` the replacement of the `index`th match of the line last prepared,
    /// `range` of `content`: the template, each group in it replaced by the group's bytes
    /// (nothing for a group that did not take part).
    func append(replacementOf index: Int, range: Range<Int>, in content: UnsafeRawBufferPointer, to output: OutputBuffer) {
        write(replacementOf: index, range: range, in: content) { output.append($0) }
    }

    /// The text of a block of lines of a multi-line search (`--multiline`), `content`, with
    /// each of `matches` (its non-empty matches, in order) replaced, and the range of each
    /// replacement in that text: ripgrep replaces in the whole block, then prints the lines of
    /// the result.
    func replacing(_ matches: [Range<Int>], in content: UnsafeRawBufferPointer) -> (text: [UInt8], replacements: [Range<Int>]) {
        prepare(content, matches: matches)
        var text: [UInt8] = []
        text.reserveCapacity(content.count)
        var replacements: [Range<Int>] = []
        var current = 0
        for (index, match) in matches.enumerated() {
            text.append(contentsOf: content[current..<match.lowerBound])
            let start = text.count
            write(replacementOf: index, range: match, in: content) { text.append(contentsOf: $0) }
            replacements.append(start..<text.count)
            current = match.upperBound
        }
        text.append(contentsOf: content[current...])
        return (text, replacements)
    }

    /// Writes the replacement of the `index`th match of the content last prepared, `range` of
    /// `content`, piece by piece: with the template of the pattern that gave the match's
    /// groups, or with the first template and no groups but the whole match when none did (or
    /// none was asked for).
    private func write(
        replacementOf index: Int, range: Range<Int>, in content: UnsafeRawBufferPointer,
        _ write: (UnsafeRawBufferPointer) -> Void
    ) {
        let templateIndex = needsGroups && index < matchTemplates.count ? matchTemplates[index] : -1
        let groups = templateIndex < 0 ? 0 : groupCounts[templateIndex]
        text.withUnsafeBytes { text in
            pieces.withUnsafeBufferPointer { pieces in
                groupBounds.withUnsafeBufferPointer { bounds in
                    for piece in pieces[templatePieces[max(templateIndex, 0)]] {
                        switch piece {
                        case .text(let bytes):
                            write(UnsafeRawBufferPointer(rebasing: text[bytes]))
                        case .group(0):
                            write(UnsafeRawBufferPointer(rebasing: content[range]))
                        case .group(let group):
                            guard group <= groups else { continue }
                            let slot = index * groupStride + 2 * (group - 1)
                            let start = bounds[slot]
                            if start >= 0 {
                                write(UnsafeRawBufferPointer(rebasing: content[start..<bounds[slot + 1]]))
                            }
                        }
                    }
                }
            }
        }
    }
}
