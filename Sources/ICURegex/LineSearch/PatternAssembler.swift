/// Turns the patterns of a line search into ICU pattern text: quoting fixed strings, joining
/// several patterns into one alternation, and wrapping them for whole words and whole lines
/// the way `grep -P` does.
package enum PatternAssembler {
    /// `text` quoted with `\Q...\E`, so that every character stands for itself. A `\E` inside
    /// `text` would end the quotation early, so each one is closed, written as an escaped
    /// backslash and a literal `E`, and reopened.
    package static func quoted(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var result = "\\Q"
        var previousWasBackslash = false
        for scalar in text.unicodeScalars {
            if previousWasBackslash && scalar == "E" {
                // The backslash was already written inside the quotation: close it after the
                // backslash would be wrong, so drop that backslash and spell `\E` outside.
                result.unicodeScalars.removeLast()
                result += "\\E\\\\E\\Q"
                previousWasBackslash = false
                continue
            }
            result.unicodeScalars.append(scalar)
            previousWasBackslash = scalar == "\\"
        }
        result += "\\E"
        return result
    }

    /// The string that ``quoted(_:)`` quoted as `text`, or nil when `text` is not such a
    /// quotation.
    package static func unquoted(_ text: String) -> String? {
        if text.isEmpty { return "" }
        guard text.hasPrefix("\\Q"), text.hasSuffix("\\E") else { return nil }
        let inner = text.dropFirst(2).dropLast(2)
        // Each `\E` of the string was written as: close, escaped backslash, `E`, reopen.
        let result = String(inner).replacing("\\E\\\\E\\Q", with: "\\E")
        return quoted(result) == text ? result : nil
    }

    /// One pattern that matches where any of `texts` matches: `(?:p1)|(?:p2)|...`, or the only
    /// text itself.
    static func alternation(_ texts: [String]) -> String {
        if texts.count == 1 { return texts[0] }
        return texts.map { "(?:\($0))" }.joined(separator: "|")
    }

    /// One pattern that matches exactly the strings `strings`, and at each place the longest of
    /// them that occurs there: their trie written as nested alternations, each character once
    /// per prefix, an optional group where a string ends and longer ones go on (so that, being
    /// greedy, the group tries the longer first). ICU then tests each character of the text
    /// against the few branches of one trie node instead of against every string.
    ///
    /// Only for matching with case: ignoring case, ICU matches a string such as `ss` against
    /// `ß` whole, which a trie that splits it between branches would not. Empty strings are
    /// left out (the caller matches them otherwise). Writing the trie recurses once for each
    /// character of the longest string, and so does freeing its nodes: the caller gives no
    /// string longer than ``maximumTrieStringLength``.
    package static func trie(of strings: [String]) -> String {
        final class Node {
            var children: [Unicode.Scalar: Node] = [:]
            var order: [Unicode.Scalar] = []
            var isEnd = false
        }
        let root = Node()
        for string in strings where !string.isEmpty {
            var node = root
            for scalar in string.unicodeScalars {
                if let child = node.children[scalar] {
                    node = child
                } else {
                    let child = Node()
                    node.children[scalar] = child
                    node.order.append(scalar)
                    node = child
                }
            }
            node.isEnd = true
        }
        func escaped(_ scalar: Unicode.Scalar) -> String {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                return String(scalar)
            }
            return "\\x{" + String(scalar.value, radix: 16) + "}"
        }
        // What follows `node`: its branches, optional when a string ends at it.
        func continuation(_ node: Node) -> String {
            guard !node.order.isEmpty else { return "" }
            let branches = node.order.map { escaped($0) + continuation(node.children[$0]!) }
            if branches.count == 1 && !node.isEnd {
                return branches[0]
            }
            return "(?:" + branches.joined(separator: "|") + ")" + (node.isEnd ? "?" : "")
        }
        let branches = root.order.map { escaped($0) + continuation(root.children[$0]!) }
        return branches.count == 1 ? branches[0] : "(?:" + branches.joined(separator: "|") + ")"
    }

    /// The longest string, in code points, that ``trie(of:)`` is given: its recursion then
    /// stays far from the end of any thread's stack. A list with a longer string is joined as
    /// an alternation instead.
    package static let maximumTrieStringLength = 1_000

    /// `pattern` with each `$` that is ICU's end anchor written `\z`, so that it matches only at
    /// the very end of the text, not also before a final newline: `grep -zP` compiles with
    /// PCRE2's `DOLLAR_ENDONLY`, and a NUL-ended record may end in a newline. A `$` escaped,
    /// quoted (`\Q…\E`) or in a set is a character and stays; a pattern that turns on
    /// multi-line mode anywhere (`(?m)`, `(?im:…)`), where `$` is every line's end, is left
    /// as it is.
    package static func endAnchorsAtTextEnd(_ pattern: String) -> String {
        let scalars = Array(pattern.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var setDepth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                var end = min(index + 2, scalars.count)
                if next == "Q" {
                    while end + 1 < scalars.count, !(scalars[end] == "\\" && scalars[end + 1] == "E") { end += 1 }
                    end = min(end + 2, scalars.count)
                }
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if scalar == "[" {
                setDepth += 1
            } else if scalar == "]" && setDepth > 0 {
                setDepth -= 1
            } else if setDepth == 0 && scalar == "(" && index + 1 < scalars.count && scalars[index + 1] == "?" {
                // A flag group: `(?` then letters and `-` up to `)` or `:`.
                var flagEnd = index + 2
                while flagEnd < scalars.count, scalars[flagEnd].properties.isAlphabetic || scalars[flagEnd] == "-" {
                    if scalars[flagEnd] == "m" { return pattern }
                    flagEnd += 1
                }
            } else if setDepth == 0 && scalar == "$" {
                result.append(contentsOf: "\\z".unicodeScalars)
                index += 1
                continue
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    /// `body` wrapped so that it matches only whole words or whole lines, as `grep -P` wraps
    /// it for `-w` and `-x`: `(?<!\w)(?:P)(?!\w)` and `^(?:P)$`. With
    /// `.useUnicodeWordBoundaries` in `options`, word ends are `\b` by Unicode's rules instead.
    static func wrapped(_ body: String, in wrapper: PatternWrapper, options: RegexPattern.Options) -> String {
        switch wrapper {
        case .none:
            return body
        case .wholeWords where options.contains(.useUnicodeWordBoundaries):
            return "\\b(?:\(body))\\b"
        case .wholeWords:
            return "(?<!\\w)(?:\(body))(?!\\w)"
        case .wholeLines:
            return "^(?:\(body))$"
        }
    }
}

extension PatternAssembler {
    /// False when an ICU pattern can match only one length from a given start: it has no
    /// alternation and no quantifier (`|`, `?`, `*`, `+`, `{` outside an escape or `\Q…\E`,
    /// a `?` after `(` being a group's syntax). True otherwise, when its leftmost-first match
    /// may be shorter than its longest, and also, conservatively, for such characters inside
    /// a bracket expression.
    package static func mayMatchSeveralLengths(_ pattern: String) -> Bool {
        var previous: UInt8 = 0
        var escaped = false
        var quoting = false
        for byte in pattern.utf8 {
            defer { previous = byte }
            if quoting {
                if escaped && byte == UInt8(ascii: "E") { quoting = false }
                escaped = !escaped && byte == UInt8(ascii: "\\")
                continue
            }
            if escaped {
                escaped = false
                if byte == UInt8(ascii: "Q") { quoting = true }
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "?"): if previous != UInt8(ascii: "(") { return true }
            case UInt8(ascii: "|"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"): return true
            default: break
            }
        }
        return false
    }
}
