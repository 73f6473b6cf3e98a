/// One glob of a `.gitignore` line, matched as git's wildmatch matches it (gitignore(5)), on
/// bytes and with case: `*` and `?` (which in a path do not match `/`), `[...]` with ranges,
/// `!`/`^` negation and the POSIX classes, backslash escapes, and `**` where it stands between
/// slashes or at an end: a leading `**/` matches in every directory, a trailing `/**` everything
/// inside, and `/**/` zero or more directories. Elsewhere `**` is a `*`.
///
/// Written from git's documented rules and checked against `git ls-files` and `git
/// check-ignore` (GitIgnoreTests); a glob git would never match (an unterminated bracket, an
/// unknown class, a trailing backslash) matches nothing here either.
struct GitWildmatch: Sendable {
    private enum Token: Sendable {
        case literal(UInt8)
        /// `?`: one byte (not `/` in a path).
        case anyByte
        /// `*`: any bytes (without `/` in a path).
        case star
        /// `**` between slashes or at an end: any bytes, `/` included.
        case globstar
        /// `**/` at the start or after a slash: nothing, or anything that ends in `/`.
        case globstarSlash
        /// `[...]`: one byte in the set (never `/` in a path).
        case byteClass(ByteSet, negated: Bool)
    }

    /// 256 bits.
    struct ByteSet: Sendable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }
    }

    private let tokens: [Token]
    /// False when git would match nothing with the glob.
    private let valid: Bool
    /// True when the tokens are all literals: a comparison of bytes.
    private let isLiteral: Bool
    private let starCount: Int
    /// Whether `/` is special (git's `WM_PATHNAME`): a pattern matched against a relative path.
    let pathname: Bool

    /// Compiles `pattern`; `pathname` matches it against a path whose `/` only `**` crosses.
    init<Pattern: Collection>(_ pattern: Pattern, pathname: Bool) where Pattern.Element == UInt8 {
        self.pathname = pathname
        let bytes = Array(pattern)
        var tokens: [Token] = []
        var valid = true
        var index = 0
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), asterisk = UInt8(ascii: "*")
        scan: while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case backslash:
                guard index + 1 < bytes.count else {
                    valid = false  // A trailing backslash matches nothing.
                    break scan
                }
                tokens.append(.literal(bytes[index + 1]))
                index += 2
            case UInt8(ascii: "?"):
                tokens.append(.anyByte)
                index += 1
            case asterisk:
                var end = index
                while end < bytes.count && bytes[end] == asterisk { end += 1 }
                if !pathname {
                    tokens.append(.globstar)
                    index = end
                } else if end - index >= 2 && (index == 0 || bytes[index - 1] == slash) {
                    if end == bytes.count {
                        tokens.append(.globstar)
                        index = end
                    } else if bytes[end] == slash {
                        tokens.append(.globstarSlash)
                        index = end + 1
                    } else if bytes[end] == backslash && end + 1 < bytes.count && bytes[end + 1] == slash {
                        tokens.append(.globstar)
                        index = end
                    } else {
                        tokens.append(.star)
                        index = end
                    }
                } else {
                    tokens.append(.star)
                    index = end
                }
            case UInt8(ascii: "["):
                guard let (set, negated, next) = Self.parseClass(bytes, from: index + 1) else {
                    valid = false
                    break scan
                }
                tokens.append(.byteClass(set, negated: negated))
                index = next
            default:
                tokens.append(.literal(byte))
                index += 1
            }
        }
        self.tokens = tokens
        self.valid = valid
        isLiteral = tokens.allSatisfy { if case .literal = $0 { return true } else { return false } }
        starCount = tokens.reduce(0) { count, token in
            switch token {
            case .star, .globstar, .globstarSlash: return count + 1
            default: return count
            }
        }
    }

    /// Parses a bracket expression whose body starts at `start` (after `[`): its set, whether
    /// it is negated, and the index after its `]`; nil when git would abort the match.
    private static func parseClass(_ bytes: [UInt8], from start: Int) -> (ByteSet, Bool, Int)? {
        var set = ByteSet()
        var index = start
        var negated = false
        if index < bytes.count && (bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "^")) {
            negated = true
            index += 1
        }
        var previous: UInt8? = nil
        var first = true
        while true {
            guard index < bytes.count else { return nil }
            var byte = bytes[index]
            if byte == UInt8(ascii: "]") && !first { return (set, negated, index + 1) }
            first = false
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { return nil }
                byte = bytes[index]
                set.insert(byte)
                previous = byte
            } else if byte == UInt8(ascii: "-"), let low = previous, index + 1 < bytes.count,
                bytes[index + 1] != UInt8(ascii: "]")
            {
                index += 1
                var high = bytes[index]
                if high == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { return nil }
                    high = bytes[index]
                }
                if low <= high {
                    for value in low...high { set.insert(value) }
                }
                previous = nil
            } else if byte == UInt8(ascii: "["), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") {
                // `[:name:]`, or a plain `[` when no `:]` closes it.
                var close = index + 2
                while close < bytes.count && bytes[close] != UInt8(ascii: "]") { close += 1 }
                guard close < bytes.count else { return nil }
                if close - 1 >= index + 2 && bytes[close - 1] == UInt8(ascii: ":") {
                    let name = String(decoding: bytes[(index + 2)..<(close - 1)], as: UTF8.self)
                    guard let member = characterClasses[name] else { return nil }
                    for value in UInt8(0)...UInt8(127) where member(value) { set.insert(value) }
                    index = close
                    previous = nil
                } else {
                    set.insert(byte)
                    previous = byte
                }
            } else {
                set.insert(byte)
                previous = byte
            }
            index += 1
        }
    }

    /// The POSIX classes of a bracket expression, ASCII only as in git.
    private static let characterClasses: [String: @Sendable (UInt8) -> Bool] = [
        "alnum": { isAlpha($0) || isDigit($0) },
        "alpha": { isAlpha($0) },
        "blank": { $0 == 0x20 || $0 == 0x09 },
        "cntrl": { $0 < 0x20 || $0 == 0x7F },
        "digit": { isDigit($0) },
        "graph": { $0 > 0x20 && $0 < 0x7F },
        "lower": { $0 >= 0x61 && $0 <= 0x7A },
        "print": { $0 >= 0x20 && $0 < 0x7F },
        "punct": { $0 > 0x20 && $0 < 0x7F && !isAlpha($0) && !isDigit($0) },
        "space": { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
        "upper": { $0 >= 0x41 && $0 <= 0x5A },
        "xdigit": { isDigit($0) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) },
    ]

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// True when the glob matches all of `text`.
    func matches(_ text: [UInt8]) -> Bool {
        guard valid else { return false }
        if isLiteral {
            guard text.count == tokens.count else { return false }
            for (token, byte) in zip(tokens, text) {
                if case .literal(let literal) = token, literal != byte { return false }
            }
            return true
        }
        return text.withUnsafeBufferPointer { buffer in
            if starCount <= 1 {
                var none: [Bool] = []
                return match(0, 0, buffer, memo: &none)
            }
            // Failed (token, offset) pairs, so that several stars stay polynomial.
            var failed = [Bool](repeating: false, count: (tokens.count + 1) * (buffer.count + 1))
            return match(0, 0, buffer, memo: &failed)
        }
    }

    private func match(_ tokenIndex: Int, _ textIndex: Int, _ text: UnsafeBufferPointer<UInt8>, memo: inout [Bool]) -> Bool {
        var tokenIndex = tokenIndex, textIndex = textIndex
        let slash = UInt8(ascii: "/")
        while tokenIndex < tokens.count {
            switch tokens[tokenIndex] {
            case .literal(let literal):
                guard textIndex < text.count, text[textIndex] == literal else { return false }
            case .anyByte:
                guard textIndex < text.count, !(pathname && text[textIndex] == slash) else { return false }
            case .byteClass(let set, let negated):
                guard textIndex < text.count else { return false }
                let byte = text[textIndex]
                if set.contains(byte) == negated || (pathname && byte == slash) { return false }
            case .star, .globstar, .globstarSlash:
                return matchStar(tokenIndex, textIndex, text, memo: &memo)
            }
            tokenIndex += 1
            textIndex += 1
        }
        return textIndex == text.count
    }

    private func matchStar(_ tokenIndex: Int, _ textIndex: Int, _ text: UnsafeBufferPointer<UInt8>, memo: inout [Bool]) -> Bool {
        let key = tokenIndex * (text.count + 1) + textIndex
        if !memo.isEmpty && memo[key] { return false }
        let slash = UInt8(ascii: "/")
        var result = false
        switch tokens[tokenIndex] {
        case .star where pathname:
            var end = textIndex
            while true {
                if match(tokenIndex + 1, end, text, memo: &memo) {
                    result = true
                    break
                }
                if end == text.count || text[end] == slash { break }
                end += 1
            }
        case .globstarSlash:
            if match(tokenIndex + 1, textIndex, text, memo: &memo) {
                result = true
            } else {
                var end = textIndex
                while end < text.count {
                    if text[end] == slash && match(tokenIndex + 1, end + 1, text, memo: &memo) {
                        result = true
                        break
                    }
                    end += 1
                }
            }
        default:
            for end in textIndex...text.count where match(tokenIndex + 1, end, text, memo: &memo) {
                result = true
                break
            }
        }
        if !result && !memo.isEmpty { memo[key] = true }
        return result
    }
}
