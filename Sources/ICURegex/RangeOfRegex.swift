/// The `rangeOfString`-style conveniences: the pattern is a string, compiled through a bounded
/// thread-safe cache, and every failure is "not found", as in Foundation's
/// `range(of:options: .regularExpression)`.
///
/// An empty pattern, a malformed pattern and a search that hits its time or stack limit all
/// give "not found". Use ``RegexPattern`` for the reason.
extension RegexPattern {
    /// Finds the first match of `pattern` in `text[range]`, searching the range as a text of
    /// its own, like `NSString.range(of: pattern, options: .regularExpression, range: range)`.
    ///
    /// - Parameters:
    ///   - pattern: An ICU regular expression. Empty or malformed gives ``UTF16Range/notFound``.
    ///   - text: UTF-16 code units; lone surrogates are searched as they are.
    ///   - options: `.caseInsensitive` and `.anchored`.
    ///   - range: The units to search; all of `text` when nil. It must lie within `text`.
    /// - Returns: The location and length of the first match, or ``UTF16Range/notFound``.
    public static func firstRange(
        of pattern: String,
        inUTF16 text: UnsafeBufferPointer<UInt16>,
        options: RegexSearchOptions = [],
        range: Range<Int>? = nil
    ) -> UTF16Range {
        if let range {
            precondition(
                range.lowerBound >= 0 && range.upperBound <= text.count,
                "range(ofRegex:): range \(range) is out of bounds for a text of \(text.count) UTF-16 units"
            )
        }
        guard !pattern.isEmpty else { return .notFound }
        let anchored = options.contains(.anchored)
        let found = try? PatternCache.withSharedPattern(pattern, options: options.patternOptions) { compiled, _ in
            (try? compiled.firstRange(inUTF16: text, range: range, anchored: anchored)) ?? .notFound
        }
        return found ?? .notFound
    }

    /// Finds the first match of `pattern` in the UTF-16 units `utf16Offsets` of `string`,
    /// searched as a text of their own: `NSString`'s search of the characters it keeps as a
    /// Swift string, whose UTF-16 is `string.utf16` and has `utf16Count` units.
    ///
    /// When the string is ASCII or the range is all of it, its UTF-8 is sliced by offsets
    /// alone and given first to the match automaton (``RegexPattern/firstRange(inUTF8:anchored:)``),
    /// whose byte offsets are turned into UTF-16 offsets by counting; otherwise, or when the
    /// automaton leaves the search to ICU, the units are transcoded from the UTF-8 straight
    /// into a temporary buffer (on the stack when short). A range that starts or ends between
    /// the halves of a surrogate pair is copied from the UTF-16 view, as
    /// `NSString.getCharacters(_:range:)` would copy it.
    /// - Returns: The match in offsets of `string`'s UTF-16, or ``UTF16Range/notFound``.
    package static func firstRange(
        of pattern: String, inUTF16Of string: String, utf16Count: Int, utf16Offsets: Range<Int>,
        options: RegexSearchOptions
    ) -> UTF16Range {
        guard !pattern.isEmpty else { return .notFound }
        let found = try? PatternCache.withSharedPattern(pattern, options: options.patternOptions) { compiled, automaton in
            firstRange(
                of: compiled, inUTF16Of: string, utf16Count: utf16Count, utf16Offsets: utf16Offsets,
                anchored: options.contains(.anchored), threadAutomaton: automaton)
        }
        return found ?? .notFound
    }

    /// ``firstRange(of:inUTF16Of:utf16Count:utf16Offsets:options:)`` with the pattern compiled
    /// (also `ICURegularExpression`'s first match, when its options leave the search to it);
    /// a short text goes to the automaton of `threadAutomaton` when given (see
    /// ``firstRange(inUTF8:anchored:threadAutomaton:)``).
    package static func firstRange(
        of compiled: RegexPattern, inUTF16Of string: String, utf16Count: Int, utf16Offsets: Range<Int>, anchored: Bool
    ) -> UTF16Range {
        firstRange(
            of: compiled, inUTF16Of: string, utf16Count: utf16Count, utf16Offsets: utf16Offsets, anchored: anchored,
            threadAutomaton: nil)
    }

    /// ``firstRange(of:inUTF16Of:utf16Count:utf16Offsets:anchored:)``, with a short text
    /// searched by the automaton of `threadAutomaton` when given.
    private static func firstRange(
        of compiled: RegexPattern, inUTF16Of string: String, utf16Count: Int, utf16Offsets: Range<Int>, anchored: Bool,
        threadAutomaton: ThreadAutomatonSlot?
    ) -> UTF16Range {
        let utf8 = string.utf8
        // All of the string, or any range of an ASCII one (one byte per unit): its UTF-8 is
        // sliced by the offsets themselves.
        let isWhole = utf16Offsets == 0..<utf16Count
        let isASCII = utf8.count == utf16Count
        if isWhole || isASCII {
            let byteRange = isWhole ? 0..<utf8.count : utf16Offsets
            let found = utf8.withContiguousStorageIfAvailable { bytes in
                let text = UnsafeBufferPointer(rebasing: bytes[byteRange])
                var mayUseAutomaton = true
                switch compiled.firstRange(inUTF8: text, anchored: anchored, threadAutomaton: threadAutomaton) {
                case .decided(let match?):
                    // The range starts at offset 0 unless the string is ASCII, where bytes are units.
                    guard !isASCII, let base = text.baseAddress else {
                        return UTF16Range(location: utf16Offsets.lowerBound + match.lowerBound, length: match.count)
                    }
                    let start = UTF16Text.utf16Count(ofUTF8: base, from: 0, to: match.lowerBound)
                    let length = UTF16Text.utf16Count(ofUTF8: base, from: match.lowerBound, to: match.upperBound)
                    return UTF16Range(location: utf16Offsets.lowerBound + start, length: length)
                case .decided(nil):
                    return .notFound
                case .askICU:
                    mayUseAutomaton = false
                case .notTried:
                    break
                }
                return UTF16Text.withUTF16(of: text) { units in
                    firstRange(
                        of: compiled, inUTF16: units, anchored: anchored, mayUseAutomaton: mayUseAutomaton,
                        at: utf16Offsets.lowerBound)
                }
            }
            if let found { return found }
        }
        return UTF16Text.withUnits(of: string, utf16Offsets: utf16Offsets) { units in
            firstRange(
                of: compiled, inUTF16: units, anchored: anchored, mayUseAutomaton: true, at: utf16Offsets.lowerBound)
        }
    }

    /// The first match of `compiled` in `units`, which start at `offset` of their text, in
    /// offsets of that text; not found also when the search hits a limit. Without
    /// `mayUseAutomaton` (the automaton has just left the same text to ICU), ICU searches.
    private static func firstRange(
        of compiled: RegexPattern, inUTF16 units: UnsafeBufferPointer<UInt16>, anchored: Bool, mayUseAutomaton: Bool,
        at offset: Int
    ) -> UTF16Range {
        let search = { () throws(ICURegexError) -> UTF16Range in
            mayUseAutomaton
                ? try compiled.firstRange(inUTF16: units, anchored: anchored)
                : try compiled.icuRange(inUTF16: units, range: 0..<units.count, anchored: anchored)
        }
        let found = (try? search()) ?? .notFound
        guard let match = found.range else { return .notFound }
        return UTF16Range(location: offset + match.lowerBound, length: match.count)
    }

    /// Finds the first match of `pattern` in `string[range]`, like
    /// `String.range(of: pattern, options: .regularExpression, range: range)`.
    ///
    /// Returns nil when there is no match, and when the pattern is empty or malformed.
    public static func firstRange(
        of pattern: String,
        in string: String,
        options: RegexSearchOptions = [],
        range: Range<String.Index>? = nil
    ) -> Range<String.Index>? {
        guard !pattern.isEmpty else { return nil }
        let anchored = options.contains(.anchored)
        let found = try? PatternCache.withSharedPattern(pattern, options: options.patternOptions) { compiled, automaton in
            (try? compiled.firstRange(in: string, range: range, anchored: anchored, threadAutomaton: automaton)) ?? nil
        }
        return found ?? nil
    }
}

extension String {
    /// The range of the first match of the ICU regular expression `pattern` in this string, or
    /// nil; the same result as Foundation's `range(of: pattern, options: .regularExpression)`.
    ///
    /// ```swift
    /// "call 555-123-4567 now".range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}")
    /// ```
    ///
    /// Each call reads `range` in the string's own UTF-8 where the pattern's strategy can (a
    /// short range, or a long one the strategy has a walk over UTF-8 for), and otherwise
    /// transcodes it to UTF-16 (Swift strings are UTF-8). To walk every match of a long text,
    /// iterate ``RegexPattern/matches(in:range:)`` rather than searching again from each
    /// match's end.
    ///
    /// - Parameters:
    ///   - pattern: An ICU regular expression, compiled once and cached. An empty or malformed
    ///     pattern gives nil.
    ///   - options: `.caseInsensitive` and `.anchored`.
    ///   - range: The part to search, as a text of its own; the whole string when nil.
    public func range(
        ofRegex pattern: String, options: RegexSearchOptions = [], range: Range<String.Index>? = nil
    ) -> Range<String.Index>? {
        RegexPattern.firstRange(of: pattern, in: self, options: options, range: range)
    }
}

extension Substring {
    /// The range of the first match of the ICU regular expression `pattern` in this substring
    /// (or in `range` of it), searched as a text of its own; nil when there is none or the
    /// pattern is empty or malformed. The indices are valid in the base string too.
    public func range(
        ofRegex pattern: String, options: RegexSearchOptions = [], range: Range<String.Index>? = nil
    ) -> Range<String.Index>? {
        let bounds = range ?? startIndex..<endIndex
        precondition(
            bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex,
            "range(ofRegex:): the range is out of bounds for this substring"
        )
        return RegexPattern.firstRange(of: pattern, in: base, options: options, range: bounds)
    }
}
