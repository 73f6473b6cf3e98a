import TestSupport

@testable import ICURegex

/// A reference matcher for ``CodePointPattern``: whether some part of a text is in the
/// pattern's language, by simulating the pattern on sets of positions (the positions where a
/// piece can end, given the positions where it can start), with repetitions followed to a
/// fixpoint. Class membership (``CodePointSet/icuClass(_:)``) is asked of ICU: the class text
/// is compiled as a pattern with the options of the search, and tried on the one character.
///
/// It is deliberately simple and slow, with no automaton of its own, so that it shares no code
/// and no idea with the line automaton or the search plan it checks.
final class CodePointPatternMatcher {
    /// The options the classes (and, ignoring case, the literal characters) are compiled with.
    let options: RegexPattern.Options

    /// One ICU matcher per class text, nil when ICU rejects it.
    private var classMatchers: [String: RegexMatcher?] = [:]
    /// ICU's answers so far, per class text and code point.
    private var memberships: [MembershipKey: Bool] = [:]

    private struct MembershipKey: Hashable {
        var set: CodePointSet
        var codePoint: UInt32
    }

    /// The most code points (with the edges) a text may have: positions are bits of a
    /// `UInt128`.
    static let maximumTextLength = 126

    init(options: RegexPattern.Options) {
        self.options = options
    }

    /// True when some substring of `text` is in the language of `pattern`. With `lineEdges`,
    /// the text is read as ⊢ text ⊣ (``CodePointSet/lineStart``, ``CodePointSet/lineEnd``),
    /// as a line reading expects.
    func containsMatch(_ pattern: CodePointPattern, in text: [Unicode.Scalar], lineEdges: Bool) -> Bool {
        var codePoints = text.map(\.value)
        if lineEdges {
            codePoints = [0x11_0000] + codePoints + [0x11_0001]
        }
        precondition(codePoints.count <= Self.maximumTextLength, "CodePointPatternMatcher: text too long")
        // Every position is a start.
        let starts: UInt128 = codePoints.count == 127 ? ~0 : (UInt128(1) << (codePoints.count + 1)) - 1
        return ends(of: pattern, from: starts, in: codePoints) != 0
    }

    /// The positions where `pattern` can end when it starts at any of `starts`.
    private func ends(of pattern: CodePointPattern, from starts: UInt128, in text: [UInt32]) -> UInt128 {
        if starts == 0 { return 0 }
        switch pattern {
        case .empty:
            return starts
        case .set(let set):
            var result: UInt128 = 0
            for position in 0..<text.count where starts & (UInt128(1) << position) != 0 {
                if contains(set, text[position]) {
                    result |= UInt128(1) << (position + 1)
                }
            }
            return result
        case .sequence(let pieces):
            var current = starts
            for piece in pieces {
                current = ends(of: piece, from: current, in: text)
                if current == 0 { return 0 }
            }
            return current
        case .alternation(let branches):
            var result: UInt128 = 0
            for branch in branches {
                result |= ends(of: branch, from: starts, in: text)
            }
            return result
        case .repetition(let piece, let minimum, let maximum):
            // Exactly `minimum` times: each step maps the set of positions to the next.
            var current = starts
            var count = 0
            while count < minimum {
                let next = ends(of: piece, from: current, in: text)
                count += 1
                if next == current { break }  // A fixpoint: every further step gives the same.
                current = next
                if current == 0 { return 0 }
            }
            // Then up to `maximum - minimum` more, breadth first from the positions not yet
            // reached (the map distributes over unions, so this is the union of the levels).
            var reached = current
            var frontier = current
            while frontier != 0, maximum.map({ count < $0 }) ?? true {
                frontier = ends(of: piece, from: frontier, in: text) & ~reached
                reached |= frontier
                count += 1
            }
            return reached
        }
    }

    /// True when the set matches the code point: a line edge only itself, a literal itself
    /// (ignoring case, what ICU's pattern of the one character matches), a class what ICU
    /// says.
    func contains(_ set: CodePointSet, _ codePoint: UInt32) -> Bool {
        if set.isLineEdge || codePoint > 0x10FFFF {
            return set == .scalar(codePoint)
        }
        if case .scalar(let value) = set, !options.contains(.caseInsensitive) || value > 0x10FFFF {
            return value == codePoint
        }
        let key = MembershipKey(set: set, codePoint: codePoint)
        if let known = memberships[key] { return known }
        let answer = askICU(set, codePoint)
        memberships[key] = answer
        return answer
    }

    private func askICU(_ set: CodePointSet, _ codePoint: UInt32) -> Bool {
        let text: String
        switch set {
        case .scalar(let value): text = "\\x{" + String(value, radix: 16) + "}"
        case .icuClass(let classText): text = classText
        }
        let matcher: RegexMatcher?
        if let known = classMatchers[text] {
            matcher = known
        } else {
            matcher = try? RegexPattern(text, options: options, limits: .default, usesSearchPlan: false).makeMatcher()
            classMatchers[text] = .some(matcher)
        }
        guard let matcher, let scalar = Unicode.Scalar(codePoint) else { return false }
        let units = Array(String(scalar).utf16)
        let found = units.withUnsafeBufferPointer { try? matcher.firstMatch(inUTF16: $0, from: 0) }
        return found == 0..<units.count
    }
}

extension CodePointPattern {
    /// The pattern in a regular-expression-like notation, for failure messages: ⊢ and ⊣ for the
    /// line's edges, `\x{...}` for characters outside printable ASCII, `ε` for the empty string.
    var testDescription: String {
        switch self {
        case .set(.scalar(0x11_0000)):
            return "⊢"
        case .set(.scalar(0x11_0001)):
            return "⊣"
        case .set(.scalar(let value)):
            if (0x21..<0x7F).contains(value), let scalar = Unicode.Scalar(value) {
                return ".*+?()[]{}|^$\\".unicodeScalars.contains(scalar) ? "\\" + String(scalar) : String(scalar)
            }
            return "\\x{" + String(value, radix: 16, uppercase: true) + "}"
        case .set(.icuClass(let text)):
            return text
        case .empty:
            return "ε"
        case .sequence(let pieces):
            return "(?:" + pieces.map(\.testDescription).joined() + ")"
        case .alternation(let branches):
            return "(?:" + branches.map(\.testDescription).joined(separator: "|") + ")"
        case .repetition(let piece, let minimum, let maximum):
            return piece.testDescription + "{\(minimum)," + (maximum.map(String.init) ?? "") + "}"
        }
    }
}
