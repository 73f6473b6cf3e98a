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
/// the matches (byte ranges), and the replacer asks ICU for their capture groups, matching
/// each pattern on each match's range alone (``RegexPattern/matches(spanning:inUTF8:_:)``),
/// so that ICU reads the matches and not the rest of the line. A template that names no group
/// but the whole match needs no ICU at all.
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
    /// True when a template names a group other than the whole match: only then is ICU asked
    /// for the groups of a line's matches.
    private let needsGroups: Bool
    /// The matches of the line being replaced, with their groups, in the order of the
    /// searcher's matches (nil for one ICU did not find alike).
    private var found: [BufferMatch?] = []

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
        needsGroups = pieces.contains { piece in
            if case .group(let group) = piece { return group > 0 }
            return false
        }
    }

    /// Finds the groups of `matches`, the non-empty matches of `content` in order; call it
    /// before ``append(replacementOf:range:in:to:)`` for each match of the line.
    func prepare(_ content: UnsafeRawBufferPointer, matches: [Range<Int>]) {
        guard needsGroups else { return }
        found.removeAll(keepingCapacity: true)
        found.append(contentsOf: repeatElement(nil, count: matches.count))
        guard !matches.isEmpty else { return }
        var unresolved = matches.count
        let bytes = UnsafeBufferPointer(
            start: content.baseAddress?.assumingMemoryBound(to: UInt8.self), count: content.count)
        for (pattern, _) in templates.templates where unresolved > 0 {
            // ICU matches each match's range alone (with the line around it for assertions),
            // rather than searching the whole line again.
            try? pattern.matches(spanning: matches, inUTF8: bytes) { index, match in
                if found[index] == nil {
                    found[index] = match
                    unresolved -= 1
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
    /// `content`, piece by piece.
    private func write(
        replacementOf index: Int, range: Range<Int>, in content: UnsafeRawBufferPointer,
        _ write: (UnsafeRawBufferPointer) -> Void
    ) {
        let match = needsGroups && index < found.count ? found[index] : nil
        text.withUnsafeBytes { text in
            pieces.withUnsafeBufferPointer { pieces in
                for piece in pieces[templatePieces[templateIndex(of: match)]] {
                    switch piece {
                    case .text(let bytes):
                        write(UnsafeRawBufferPointer(rebasing: text[bytes]))
                    case .group(let group):
                        let groupRange: Range<Int>?
                        if let match {
                            groupRange = group <= match.groupRanges.count ? match.range(at: group) : nil
                        } else {
                            groupRange = group == 0 ? range : nil
                        }
                        if let groupRange {
                            write(UnsafeRawBufferPointer(rebasing: content[groupRange]))
                        }
                    }
                }
            }
        }
    }

    /// The index of the template that replaces `match`: that of the pattern with as many
    /// groups as the match has (the first when there is one pattern, or the match is unknown).
    private func templateIndex(of match: BufferMatch?) -> Int {
        guard templatePieces.count > 1, let match else { return 0 }
        return templates.templates.firstIndex { $0.pattern.numberOfCaptureGroups == match.groupRanges.count } ?? 0
    }
}
