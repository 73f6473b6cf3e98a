/// The characters a pattern can consume: every character of every match is one of them. A
/// match therefore lies within a run of such characters, and when the pattern has no
/// zero-width assertion, searching the run as a text of its own finds the same matches as
/// searching the whole text.
///
/// ASCII characters are known exactly (ICU is asked about each class); above ASCII, a class
/// is assumed to take any character, which only makes runs longer, and literal characters are
/// exact, except when case is ignored: then a literal is asked of ICU like a class.
struct ConsumableCharacters: Sendable {
    /// Bit `c` of word `c / 64` is set when ASCII character `c` can be consumed.
    private let ascii: (UInt64, UInt64)
    /// The literal characters above ASCII.
    private let nonASCIILiterals: Set<UInt32>
    /// True when the pattern has a class, so that every character above ASCII counts.
    private let anyNonASCII: Bool

    /// The characters `pattern`, compiled with `options`, can consume; nil when ICU rejects
    /// one of its classes.
    init?(_ pattern: CodePointPattern, options: RegexPattern.Options) {
        let sets = pattern.sets
        var low: UInt64 = 0
        var high: UInt64 = 0
        var nonASCIILiterals: Set<UInt32> = []
        var anyNonASCII = false
        func addASCII(_ value: Int) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
        }
        let caseInsensitive = options.contains(.caseInsensitive)
        for set in sets {
            switch set {
            case .scalar(let value) where caseInsensitive:
                // Ignoring case, ICU is asked which ASCII characters match the character; any
                // character outside ASCII may (the Kelvin sign for `k`).
                let text = "\\x{" + String(value, radix: 16) + "}"
                guard let members = ClassMembership.members(ofClass: text, options: options, below: 128) else { return nil }
                for value in 0..<128 where members[value] { addASCII(value) }
                anyNonASCII = true
            case .scalar(let value) where value < 128:
                addASCII(Int(value))
            case .scalar(let value):
                nonASCIILiterals.insert(value)
            case .icuClass(let text):
                guard let members = ClassMembership.members(ofClass: text, options: options, below: 128) else { return nil }
                for value in 0..<128 where members[value] { addASCII(value) }
                anyNonASCII = true
            }
        }
        ascii = (low, high)
        self.nonASCIILiterals = nonASCIILiterals
        self.anyNonASCII = anyNonASCII
    }

    /// True when the pattern can consume the code point `value` (a lone surrogate counts as
    /// a code point of its own, as ICU reads it).
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 64 { return ascii.0 & (1 << UInt64(value)) != 0 }
        if value < 128 { return ascii.1 & (1 << UInt64(value - 64)) != 0 }
        return anyNonASCII || nonASCIILiterals.contains(value)
    }

    /// The run of consumable characters around the character at `position` of `text`, within
    /// `bounds`: from the start of the first consumable character before it to the end of the
    /// last one after it (`position` itself, the start of a literal, is consumable). The end
    /// is looked for at most `forwardLimit` units after `position`: a run that reaches that far
    /// ends there, and the caller learns it from the run's end (the limit, short of `bounds`).
    func run(
        around position: Int, in text: UnsafePointer<UInt16>, bounds: Range<Int>, forwardLimit: Int = .max
    ) -> Range<Int> {
        var start = position
        while start > bounds.lowerBound {
            var previous = start - 1
            var value = UInt32(text[previous])
            if UTF16.isTrailSurrogate(text[previous]) && previous > bounds.lowerBound && UTF16.isLeadSurrogate(text[previous - 1]) {
                previous -= 1
                value = UTF16.scalarValue(lead: text[previous], trail: text[previous + 1])
            }
            guard contains(value) else { break }
            start = previous
        }
        var end = position
        let endLimit = position <= bounds.upperBound - forwardLimit ? position + forwardLimit : bounds.upperBound
        while end < endLimit {
            var next = end + 1
            var value = UInt32(text[end])
            if UTF16.isLeadSurrogate(text[end]) && next < bounds.upperBound && UTF16.isTrailSurrogate(text[next]) {
                value = UTF16.scalarValue(lead: text[end], trail: text[next])
                next += 1
            }
            guard contains(value) else { break }
            end = next
        }
        return start..<end
    }

    /// ``run(around:in:bounds:forwardLimit:)`` in the well-formed UTF-8 `bytes`, in byte
    /// offsets: `position` is a character's first byte, and so are the run's ends.
    func run(
        around position: Int, inUTF8 bytes: UnsafePointer<UInt8>, bounds: Range<Int>, forwardLimit: Int = .max
    ) -> Range<Int> {
        run(around: position, inScanned: UTF8ScannedText(bytes: bytes), bounds: bounds, forwardLimit: forwardLimit)
    }

    /// ``run(around:in:bounds:forwardLimit:)`` in `text`, in its own offsets, for the searches
    /// written once for UTF-16 and UTF-8: `position` is a character's start, and so are the
    /// run's ends.
    @inline(__always)
    func run<Text: ScannedText>(
        around position: Int, inScanned text: Text, bounds: Range<Int>, forwardLimit: Int = .max
    ) -> Range<Int> {
        var start = position
        while start > bounds.lowerBound {
            let (value, previous) = text.character(before: start, start: bounds.lowerBound)
            guard contains(value) else { break }
            start = previous
        }
        var end = position
        let endLimit = position <= bounds.upperBound - forwardLimit ? position + forwardLimit : bounds.upperBound
        while end < endLimit {
            let (value, next) = text.character(at: end, end: bounds.upperBound)
            guard contains(value) else { break }
            end = next
        }
        return start..<end
    }
}
