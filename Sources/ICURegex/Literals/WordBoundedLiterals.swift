#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Patterns that are each a literal between word edges: `\bthe\b`, `-w you`, which is
/// `(?<!\w)(?:you)(?!\w)`, and GNU's `\<the\>` in `-G` or `-E`, which the POSIX translator
/// writes with glibc's word characters (``POSIXPatternTranslator/wordSet``) for `\w`. Whether a line that holds one of the literals matches is then read
/// from the bytes around each occurrence, where the line automaton reads the whole line to
/// find out the same (a common word proposes most lines of a text).
///
/// Each literal starts and ends with an ASCII character. An edge is decided when the byte
/// beside the occurrence is ASCII, or there is none (the line's start or end); a character
/// outside ASCII beside it leaves the line to the automaton and ICU, which know Unicode's word
/// characters:
/// - `(?<!\w)` and `(?!\w)` hold when the character before or after the occurrence is no word
///   character, or there is none; an ASCII word character is a letter, a digit or `_`, in
///   ICU's `\w` and in glibc's word characters alike.
/// - `\b` holds between a word character and another character: with a literal that starts
///   and ends with an ASCII word character (as ``init(patterns:options:)`` requires for `\b`),
///   where the character beside it is no word character, or there is none. (ICU looks past
///   combining marks to the character before them; an ASCII character is none.)
///
/// Ignoring case, the literals must be ASCII and are compared in either case, and a line with
/// a byte outside ASCII that holds no match found so is left to the automaton: a character
/// outside ASCII may fold to a literal's (`K`, the Kelvin sign, to `k`).
struct WordBoundedLiterals: Sendable, Equatable {
    /// The strings the patterns' middles match, as UTF-8 (lowercase ASCII when case is
    /// ignored).
    private let packed: PackedLiterals
    /// The assertion before the literal, and the one after it.
    private let before: Edge
    private let after: Edge
    /// True when ASCII letters match in either case.
    private let ignoresCase: Bool

    /// An assertion at one side of the literal.
    private enum Edge: Equatable {
        /// None: the side needs nothing.
        case none
        /// `\b`.
        case wordBoundary
        /// `(?<!\w)` before the literal, `(?!\w)` after it (or the same with glibc's word
        /// characters).
        case noWordCharacter
    }

    /// The word-bounded literals of `patterns` (ICU pattern texts, wrappers included) compiled
    /// with `options`; nil when they are not all of that form with the same edges, or the
    /// options change what the texts say (comments, Unicode word boundaries, literal text).
    init?(patterns: [String], options: RegexPattern.Options) {
        guard options.isDisjoint(with: [.allowCommentsAndWhitespace, .useUnicodeWordBoundaries, .ignoreMetacharacters])
        else { return nil }
        let ignoresCase = options.contains(.caseInsensitive)
        var literals: [[UInt8]] = []
        var edges: (before: Edge, after: Edge)?
        for pattern in patterns {
            guard let syntax = PatternReader.read(pattern), let form = Self.form(of: syntax) else { return nil }
            if let edges, edges != (form.before, form.after) { return nil }
            edges = (form.before, form.after)
            literals += form.literals
        }
        guard let edges, !literals.isEmpty, literals.count <= LiteralFacts.maximumSetSize else { return nil }
        for literal in literals {
            // A literal that starts or ends outside ASCII is mostly found beside letters of its
            // own script, which the bytes do not decide.
            guard literal.first! < 0x80 && literal.last! < 0x80 else { return nil }
            if ignoresCase && literal.contains(where: { $0 >= 0x80 }) { return nil }
            if edges.before == .wordBoundary && !Self.isASCIIWordByte(literal.first!) { return nil }
            if edges.after == .wordBoundary && !Self.isASCIIWordByte(literal.last!) { return nil }
        }
        packed = PackedLiterals(ignoresCase ? literals.map(RequiredLiterals.asciiLowercased) : literals)
        before = edges.before
        after = edges.after
        self.ignoresCase = ignoresCase
    }

    /// The edges and literals of one pattern's tree, or nil when it is not of the form.
    private static func form(of syntax: RegexSyntax) -> (literals: [[UInt8]], before: Edge, after: Edge)? {
        var items = syntax.seriesItems
        guard let first = items.first, let last = items.last else { return nil }
        let before = edge(first, ahead: false)
        if before != .none { items.removeFirst() }
        let after = items.isEmpty ? .none : edge(last, ahead: true)
        if after != .none { items.removeLast() }
        guard before != .none || after != .none, !items.isEmpty, let exact = LiteralFacts.exactStrings(of: items) else {
            return nil
        }
        return (exact, before, after)
    }

    /// The edge that `item` is on the side `ahead` of the literal (after it when true).
    private static func edge(_ item: RegexSyntax, ahead: Bool) -> Edge {
        switch item {
        case .assertion(.wordBoundary):
            return .wordBoundary
        case .lookaround(let body, let kind) where kind == (ahead ? .notAhead : .notBehind):
            let isWordClass = body == .characterClass("\\w") || body == .characterClass(POSIXPatternTranslator.wordSet)
            return isWordClass ? .noWordCharacter : .none
        default:
            return .none
        }
    }

    /// The strings the patterns' middles match, as UTF-8 (lowercase ASCII when case is
    /// ignored).
    var literals: [[UInt8]] {
        packed.literals
    }

    /// Whether the line `start..<end` of `block` (without its terminator) matches.
    func verdict(onLineFrom start: Int, to end: Int, in block: UnsafeRawBufferPointer) -> LiteralVerdict {
        let line = UnsafeRawBufferPointer(rebasing: block[start..<end])
        var undecided = false
        let found = packed.contains { literal in
            var offset = 0
            while let at = firstOccurrence(of: literal, in: line, from: offset) {
                switch (edgeHolds(before, byteIndex: at - 1, in: line), edgeHolds(after, byteIndex: at + literal.count, in: line)) {
                case (true?, true?): return true
                case (false?, _), (_, false?): break
                default: undecided = true
                }
                offset = at + 1
            }
            return false
        }
        if found { return .match }
        if undecided || (ignoresCase && Self.holdsNonASCII(line)) { return .unknown }
        return .noMatch
    }

    /// Whether `edge` holds beside an occurrence whose neighbour is the byte at `byteIndex` of
    /// `line` (none when it lies outside the line); nil when that byte is outside ASCII.
    @inline(__always)
    private func edgeHolds(_ edge: Edge, byteIndex: Int, in line: UnsafeRawBufferPointer) -> Bool? {
        if edge == .none || byteIndex < 0 || byteIndex >= line.count { return true }
        let byte = line[byteIndex]
        if byte >= 0x80 { return nil }
        return !Self.isASCIIWordByte(byte)
    }

    /// The offset of the first occurrence of `literal` at or after `offset` in `line`.
    @inline(__always)
    private func firstOccurrence(of literal: UnsafeRawBufferPointer, in line: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        let length = literal.count
        guard line.count - offset >= length else { return nil }
        let base = line.baseAddress!
        let lastStart = line.count - length
        if !ignoresCase {
            let first = Int32(literal[0])
            var position = offset
            while position <= lastStart, let found = memchr(base + position, first, lastStart + 1 - position) {
                let at = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + at, literal.baseAddress!, length) == 0 { return at }
                position = at + 1
            }
            return nil
        }
        var position = offset
        while position <= lastStart {
            var index = 0
            while index < length && CaseFolding.asciiLowercased(line[position + index]) == literal[index] { index += 1 }
            if index == length { return position }
            position += 1
        }
        return nil
    }

    /// True for an ASCII letter, digit or `_`: the ASCII characters of `\w`.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
    }

    /// True when `line` holds a byte outside ASCII.
    private static func holdsNonASCII(_ line: UnsafeRawBufferPointer) -> Bool {
        line.contains { $0 >= 0x80 }
    }
}
