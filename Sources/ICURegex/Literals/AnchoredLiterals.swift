#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Patterns that are each a literal held at the line's start, its end, or both: `^Sherlock`,
/// `Holmes$`, and `-x 'No\.'`, which is `^(?:No\.)$`. Whether a line that holds one of the
/// literals matches is then read at its edges, where the line automaton reads the whole line
/// (a line of Cyrillic or Chinese costs it a decoding per character) to find out the same.
///
/// The patterns are read without multi-line anchors and with case, as icugrep compiles them
/// (``init(patterns:options:)`` declines otherwise), and each is `^`, `\A` or nothing, then
/// something whose matches are exactly a known set of strings (``LiteralFacts/exact``,
/// faithfully), then `$`, `\Z`, `\z` or nothing, one anchor at least. A line's text is what
/// ICU matches:
/// - `^` and `\A` are the text's start, so the line must start with a literal;
/// - `\z` is the text's end, so the line must end with one;
/// - `$` and `\Z` are the text's end or the place before a final line terminator, so a line
///   that ends with a literal matches, and one whose literal is followed by one to three
///   bytes that may be such a terminator (`\r`, `\r\n`, U+2028, ...; which ones count depends
///   on ICU's options, and in lines split at `\n` they are seldom there) is left to the
///   automaton and ICU.
struct AnchoredLiterals: Sendable, Equatable {
    /// The strings the patterns' middles match, as UTF-8.
    private let packed: PackedLiterals
    /// True when a match starts at the line's start.
    let atStart: Bool
    /// True when a match ends at the line's end, or before a final line terminator when
    /// ``beforeFinalTerminator``.
    let atEnd: Bool
    /// True for `$` and `\Z`, false for `\z`.
    let beforeFinalTerminator: Bool

    /// The anchored literals of `patterns` (ICU pattern texts, wrappers included) compiled
    /// with `options`; nil when they are not all of that form with the same anchors, or the
    /// options change what the texts say (case, comments, multi-line anchors).
    init?(patterns: [String], options: RegexPattern.Options) {
        guard options.isDisjoint(with: [.caseInsensitive, .allowCommentsAndWhitespace, .anchorsMatchLines, .ignoreMetacharacters])
        else { return nil }
        var literals: [[UInt8]] = []
        var anchors: (start: Bool, end: Bool, beforeFinalTerminator: Bool)?
        for pattern in patterns {
            guard let syntax = PatternReader.read(pattern), let form = Self.form(of: syntax) else { return nil }
            if let anchors, anchors != (form.start, form.end, form.beforeFinalTerminator) { return nil }
            anchors = (form.start, form.end, form.beforeFinalTerminator)
            literals += form.literals
        }
        guard let anchors, !literals.isEmpty, literals.count <= LiteralFacts.maximumSetSize else { return nil }
        packed = PackedLiterals(literals)
        atStart = anchors.start
        atEnd = anchors.end
        beforeFinalTerminator = anchors.beforeFinalTerminator
    }

    /// The anchors and literals of one pattern's tree, or nil when it is not of the form.
    private static func form(
        of syntax: RegexSyntax
    ) -> (literals: [[UInt8]], start: Bool, end: Bool, beforeFinalTerminator: Bool)? {
        var items = syntax.seriesItems
        var start = false
        var end = false
        var beforeFinalTerminator = false
        if case .assertion(let assertion) = items.first, assertion == .lineStart || assertion == .textStart {
            start = true
            items.removeFirst()
        }
        if case .assertion(let assertion) = items.last {
            switch assertion {
            case .lineEnd, .textEndBeforeFinalTerminator:
                beforeFinalTerminator = true
            case .textEnd:
                break
            default:
                return nil
            }
            end = true
            items.removeLast()
        }
        guard start || end, !items.isEmpty, let exact = LiteralFacts.exactStrings(of: items) else { return nil }
        return (exact, start, end, beforeFinalTerminator)
    }

    /// The strings the patterns' middles match, as UTF-8.
    var literals: [[UInt8]] {
        packed.literals
    }

    /// Whether the line `start..<end` of `block` (without its terminator) matches.
    func verdict(onLineFrom start: Int, to end: Int, in block: UnsafeRawBufferPointer) -> LiteralVerdict {
        let line = UnsafeRawBufferPointer(rebasing: block[start..<end])
        var undecided = false
        let matches = packed.contains { literal in
            if atStart && !Self.holds(literal, in: line, at: 0) { return false }
            if !atEnd { return true }
            if atStart && atEnd ? line.count == literal.count : Self.holds(literal, in: line, at: line.count - literal.count) {
                return true
            }
            if beforeFinalTerminator && Self.endsWithTerminatorAfter(literal, in: line, atStart: atStart) {
                undecided = true
            }
            return false
        }
        return matches ? .match : undecided ? .unknown : .noMatch
    }

    /// True when `literal` lies in `line` at `offset`.
    @inline(__always)
    private static func holds(_ literal: UnsafeRawBufferPointer, in line: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard offset >= 0, offset + literal.count <= line.count else { return false }
        return literal.isEmpty || memcmp(line.baseAddress! + offset, literal.baseAddress!, literal.count) == 0
    }

    /// True when the line ends with `literal` followed by one to three bytes that may be a
    /// line terminator of ICU's (`\r`, `\r\n`, `\n` with `-z`, a vertical tab, a form feed,
    /// U+0085, U+2028, U+2029): tested loosely, since the automaton decides such lines. With
    /// `atStart`, the literal must also be where the line starts.
    private static func endsWithTerminatorAfter(_ literal: UnsafeRawBufferPointer, in line: UnsafeRawBufferPointer, atStart: Bool) -> Bool {
        for suffixLength in 1...3 {
            let offset = line.count - suffixLength - literal.count
            guard offset >= 0, !atStart || offset == 0 else { continue }
            let first = line[offset + literal.count]
            let mayTerminate = (0x0A...0x0D).contains(first) || first == 0xC2 || first == 0xE2
            if mayTerminate && holds(literal, in: line, at: offset) { return true }
        }
        return false
    }
}
