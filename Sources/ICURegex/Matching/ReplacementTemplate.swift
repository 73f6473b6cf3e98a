/// A replacement template in ICU's syntax, read once: `$n` and `${name}` stand for a capture
/// group's text, a backslash takes the next character literally (`\$`, `\\`), and `\uhhhh` or
/// `\Uhhhhhhhh` is a code point.
///
/// The rules are those of ICU's `appendReplacement`, which `uregex_replaceAll` uses:
/// - `$` followed by digits takes as many digits as still name a group of the pattern (so
///   with 12 groups `$13` is group 1 and then `3`); `$` with a first digit past the last
///   group is an error;
/// - `${name}` takes a name of ASCII letters and the digits 1 to 9 (ICU's own rule, which
///   leaves out 0), and the pattern must have a group of that name;
/// - `$` followed by anything else, or at the end, is an error;
/// - a backslash at the end is dropped.
package struct ReplacementTemplate: Sendable {
    /// A piece of the template.
    package enum Piece: Sendable, Equatable {
        /// Text copied as it is, in UTF-8.
        case text([UInt8])
        /// The text of a capture group (0: the whole match).
        case group(Int)
    }

    /// The template's pieces, in order.
    package let pieces: [Piece]

    /// The pieces in UTF-8, as a replacement loop reads them.
    package let utf8Steps: UTF8TemplateSteps

    /// Reads `template` for `pattern`.
    /// - Throws: ``ICURegexError/invalidCaptureGroupName`` for a `$` without a group and for
    ///   `${name}` without a group of that name; ``ICURegexError/indexOutOfBounds`` for `$n`
    ///   whose first digit is past the pattern's last group.
    package init(_ template: String, pattern: RegexPattern) throws(ICURegexError) {
        var pieces = [Piece]()
        var text = String.UnicodeScalarView()
        func flushText() {
            if !text.isEmpty {
                pieces.append(.text(Array(String(text).utf8)))
                text = String.UnicodeScalarView()
            }
        }
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                guard index < scalars.count else { break }
                let escaped = scalars[index]
                if escaped == "u" || escaped == "U", let (value, length) = Self.hexEscape(scalars, at: index) {
                    text.append(value)
                    index += length
                    continue
                }
                text.append(escaped)
                index += 1
                continue
            }
            guard scalar == "$" else {
                text.append(scalar)
                continue
            }
            guard index < scalars.count else { throw .invalidCaptureGroupName }
            let next = scalars[index]
            if next == "{" {
                index += 1
                var name = ""
                while true {
                    guard index < scalars.count else { throw .invalidCaptureGroupName }
                    let character = scalars[index]
                    index += 1
                    if character == "}" { break }
                    guard ("A"..."Z").contains(character) || ("a"..."z").contains(character) || ("1"..."9").contains(character)
                    else { throw .invalidCaptureGroupName }
                    name.unicodeScalars.append(character)
                }
                guard let group = pattern.groupNumber(named: name) else { throw .invalidCaptureGroupName }
                flushText()
                pieces.append(.group(group))
            } else if let firstDigit = Self.decimalValue(next) {
                guard firstDigit <= pattern.numberOfCaptureGroups else { throw .indexOutOfBounds }
                var group = 0
                while index < scalars.count, let digit = Self.decimalValue(scalars[index]),
                    group * 10 + digit <= pattern.numberOfCaptureGroups
                {
                    group = group * 10 + digit
                    index += 1
                }
                flushText()
                pieces.append(.group(group))
            } else {
                throw .invalidCaptureGroupName
            }
        }
        flushText()
        self.pieces = pieces
        utf8Steps = UTF8TemplateSteps(pieces)
    }

    /// The value of a decimal digit of any script (ICU's `u_isdigit`), or nil.
    private static func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return Int(value)
    }

    /// `\uhhhh` (four hex digits) or `\Uhhhhhhhh` (eight) at `index` (the `u`), as a scalar and
    /// the number of characters after the backslash it takes; nil when it is not one.
    private static func hexEscape(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        let digits = scalars[index] == "u" ? 4 : 8
        guard index + digits < scalars.count else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[(index + 1)...(index + digits)] {
            guard scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { return nil }
            value = value << 4 | digit
        }
        guard let result = Unicode.Scalar(value) else { return nil }
        return (result, digits + 1)
    }

}

/// A replacement template's pieces as plain values, which a replacement loop reads without
/// reference counting: each piece a step, and the text of every text piece in one array of
/// UTF-8. ``ReplacementTemplate`` (ICU's syntax) and `ICURegularExpression`'s template
/// (Foundation's) read their texts differently and both replace through these steps.
package struct UTF8TemplateSteps: Sendable {
    /// A piece of the template.
    package enum Step: Sendable, Equatable {
        /// Text copied as it is: these bytes of ``literalUTF8``.
        case literal(Range<Int>)
        /// The text of a capture group (0: the whole match).
        case group(Int)
    }

    /// The pieces as steps, in order.
    package let steps: [Step]

    /// The UTF-8 of every text piece, one after another.
    package let literalUTF8: [UInt8]

    /// True when a step is the text of a capture group other than the whole match: a search
    /// for the replacement must then find the groups of each match.
    package let namesGroups: Bool

    /// True when each literal is well-formed UTF-8 (of whole characters, as a string's UTF-8
    /// is), so that an output need not validate what it copies of them (see ``UTF8Output``).
    private let literalsAreWellFormed: Bool

    /// The steps of `pieces`.
    package init(_ pieces: [ReplacementTemplate.Piece]) {
        var steps = [Step]()
        var literalUTF8 = [UInt8]()
        var namesGroups = false
        for piece in pieces {
            switch piece {
            case .text(let utf8):
                steps.append(.literal(literalUTF8.count..<(literalUTF8.count + utf8.count)))
                literalUTF8 += utf8
            case .group(let group):
                steps.append(.group(group))
                if group > 0 { namesGroups = true }
            }
        }
        self.steps = steps
        self.literalUTF8 = literalUTF8
        self.namesGroups = namesGroups
        literalsAreWellFormed = steps.allSatisfy { step in
            guard case .literal(let range) = step else { return true }
            // Decoding well-formed UTF-8 repairs nothing.
            return String(decoding: literalUTF8[range], as: UTF8.self).utf8.elementsEqual(literalUTF8[range])
        }
    }

    /// The steps and the literal text read through buffers, valid only during `body`.
    package struct Buffers {
        let steps: UnsafeBufferPointer<Step>
        let literals: UnsafeBufferPointer<UInt8>
        let literalsAreWellFormed: Bool

        /// Appends one match's replacement to `output`: each literal's bytes, and for each
        /// group the source's bytes that `groupBytes` gives (nothing for nil: a group that did
        /// not take part, or none of that number).
        package func append(to output: inout UTF8Output, groupBytes: (Int) -> Range<Int>?) {
            for step in steps {
                switch step {
                case .literal(let range):
                    output.append(UnsafeBufferPointer(rebasing: literals[range]), isWellFormed: literalsAreWellFormed)
                case .group(let group):
                    if let range = groupBytes(group) { output.copy(range) }
                }
            }
        }
    }

    /// Calls `body` with the steps read through buffers.
    package func withBuffers<Result>(_ body: (Buffers) throws -> Result) rethrows -> Result {
        try steps.withUnsafeBufferPointer { steps in
            try literalUTF8.withUnsafeBufferPointer { literals in
                try body(Buffers(steps: steps, literals: literals, literalsAreWellFormed: literalsAreWellFormed))
            }
        }
    }
}

extension ReplacementTemplate {
    /// The replacement for `match`: the template with each group's text in its place (nothing
    /// for a group that did not take part).
    func replacement(for match: RegexMatch) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let utf8): result += String(decoding: utf8, as: UTF8.self)
            case .group(let group): if let text = match[group] { result += text }
            }
        }
        return result
    }
}

extension RegexPattern {
    /// `string` with each match in `range` (all of `string` when nil, searched as a text of its
    /// own) replaced by `template`, up to `maxReplacements` of them, left to right.
    ///
    /// The template is ICU's (and Java's): `$1` or `${name}` for a group's text, `$0` for the
    /// whole match, a backslash for a literal `$` or `\`. Text outside `range` is kept.
    ///
    /// ```swift
    /// try RegexPattern(#"(\w+)@(\w+)"#).replacing(in: "ann@home", withTemplate: "$2 for $1")  // "home for ann"
    /// ```
    /// - Throws: ``ICURegexError/invalidCaptureGroupName`` or ``ICURegexError/indexOutOfBounds``
    ///   for a template that names no group of the pattern; a limit error when a search hits
    ///   the pattern's ``Limits``.
    public func replacing(
        in string: String, range: Range<String.Index>? = nil, withTemplate template: String, maxReplacements: Int = .max
    ) throws(ICURegexError) -> String {
        let template = try ReplacementTemplate(template, pattern: self)
        let bounds = range ?? string.startIndex..<string.endIndex
        // The walk in the string's UTF-8 when the strategy has one; otherwise the search of the
        // range's UTF-16, whose offsets are mapped back to the string's bytes.
        if let replaced = replacingThroughUTF8(in: string, bounds: bounds, steps: template.utf8Steps, maxReplacements: maxReplacements) {
            return replaced
        }
        let walk = try StringMatchWalk(pattern: self, base: string, bounds: bounds)
        if let replaced = try walk.replacing(with: template, maxReplacements: maxReplacements) {
            return replaced
        }
        do {
            return try replacing(in: string, range: range, maxReplacements: maxReplacements) { template.replacement(for: $0) }
        } catch {
            // The template's replacement throws nothing: what is thrown is the search's.
            throw error as! ICURegexError
        }
    }

    /// `string` with each match in `range` (all of `string` when nil, searched as a text of its
    /// own) replaced by what `replacement` returns for it, up to `maxReplacements` of them,
    /// left to right.
    ///
    /// ```swift
    /// try RegexPattern(#"\d+"#).replacing(in: "3 and 4") { String(Int($0.substring)! * 2) }  // "6 and 8"
    /// ```
    /// - Throws: What `replacement` throws, or an ``ICURegexError`` when a search hits the
    ///   pattern's ``Limits``.
    public func replacing(
        in string: String, range: Range<String.Index>? = nil, maxReplacements: Int = .max,
        with replacement: (RegexMatch) throws -> String
    ) throws -> String {
        let bounds = range ?? string.startIndex..<string.endIndex
        let walk = try StringMatchWalk(pattern: self, base: string, bounds: bounds)
        var result = String(string[..<bounds.lowerBound])
        var copiedUpTo = bounds.lowerBound
        var replacements = 0
        while replacements < maxReplacements, let match = try walk.next() {
            result += string[copiedUpTo..<match.range.lowerBound]
            result += try replacement(match)
            copiedUpTo = match.range.upperBound
            replacements += 1
        }
        result += string[copiedUpTo...]
        return result
    }
}

/// How a replacement in the UTF-8 of a string ended (see
/// ``RegexPattern/replacing(inUTF8:range:isMostlyASCII:steps:maxReplacements:)``).
package enum UTF8ReplacementOutcome {
    /// The walk over the matches is ICU's, on the text's UTF-16: the caller replaces through
    /// that instead.
    case walkIsICUs
    /// The range has no match (or no replacement was allowed): the string stays as it is.
    case unchanged
    /// The string with its matches replaced.
    case replaced(String)
}

extension RegexPattern {
    /// The string whose well-formed UTF-8 is `source`, with each match in the bytes `range` of
    /// it (searched as a text of its own, `isMostlyASCII` as
    /// ``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)`` asks) replaced
    /// by `steps`, up to `maxReplacements` of them, left to right: its UTF-8 built in one
    /// buffer from the source's bytes between the matches and the steps' literals and groups,
    /// with the matches that walk finds in the UTF-8 itself, so that nothing is transcoded to
    /// UTF-16 and no offset is mapped back.
    ///
    /// The walk's matches and groups are ICU's `findNext` loop's on the same text's UTF-16
    /// (the walk's argument), in byte offsets on scalar boundaries: copied bytes are the same
    /// characters that ICU's `appendReplacement` copies from the UTF-16. A group the pattern
    /// does not have (Foundation's templates may name one) or that did not take part adds
    /// nothing, as in ICU and Foundation.
    package func replacing(
        inUTF8 source: UnsafeBufferPointer<UInt8>, range: Range<Int>, isMostlyASCII: @autoclosure () -> Bool, steps: UTF8TemplateSteps,
        maxReplacements: Int
    ) -> UTF8ReplacementOutcome {
        guard maxReplacements > 0 else { return .unchanged }
        // An empty string's storage may have no address: its walk is the UTF-16 path's.
        guard let start = source.baseAddress else { return .walkIsICUs }
        let groups = numberOfCaptureGroups
        let findsGroups = steps.namesGroups
        let offset = range.lowerBound
        return steps.withBuffers { steps in
            var output = UTF8Output(source: source)
            // The text before the range is copied with the text before the first match.
            var copied = 0
            var replacements = 0
            let walked = walkMatches(
                inUTF8: start + offset, count: range.count, isMostlyASCII: isMostlyASCII(), findsGroups: findsGroups,
                firstMatchOnly: false
            ) { match, group in
                if replacements == 0 { output.reserve(source.count) }
                output.copy(copied..<(offset + match.lowerBound))
                steps.append(to: &output) { number in
                    guard number <= groups, let span = group(number) else { return nil }
                    return (offset + span.lowerBound)..<(offset + span.upperBound)
                }
                copied = offset + match.upperBound
                replacements += 1
                return replacements < maxReplacements
            }
            // A walk that gave up may have had some matches: they are discarded.
            guard walked else { return .walkIsICUs }
            guard replacements > 0 else { return .unchanged }
            output.copy(copied..<source.count)
            return .replaced(output.string())
        }
    }

    /// `string` with each match in `bounds` replaced by `steps`, up to `maxReplacements` of
    /// them, through the walk in its UTF-8 (``replacing(inUTF8:range:isMostlyASCII:steps:maxReplacements:)``);
    /// nil when that walk is ICU's: the pattern has none for so long a text, a bound splits a
    /// surrogate pair (a `String.Index` of the UTF-16 view), or the string's UTF-8 is not
    /// contiguous.
    private func replacingThroughUTF8(
        in string: String, bounds: Range<String.Index>, steps: UTF8TemplateSteps, maxReplacements: Int
    ) -> String? {
        let utf8 = string.utf8
        let count = utf8.distance(from: bounds.lowerBound, to: bounds.upperBound)
        guard mayWalkMatches(inUTF8OfAtMost: count, findsGroups: steps.namesGroups),
            bounds.lowerBound.samePosition(in: string.unicodeScalars) != nil,
            bounds.upperBound.samePosition(in: string.unicodeScalars) != nil
        else { return nil }
        let start = utf8.distance(from: utf8.startIndex, to: bounds.lowerBound)
        let outcome = utf8.withContiguousStorageIfAvailable { source -> UTF8ReplacementOutcome in
            // The range's UTF-16 units are counted (a pass over its bytes) only if the strategy
            // asks whether the text is mostly ASCII.
            replacing(
                inUTF8: source, range: start..<(start + count),
                isMostlyASCII: source.baseAddress.map { base in
                    Self.isMostlyASCII(utf8Count: count, utf16Count: UTF16Text.utf16Count(ofUTF8: base, from: start, to: start + count))
                } ?? true,
                steps: steps, maxReplacements: maxReplacements)
        }
        switch outcome {
        case .replaced(let replaced): return replaced
        case .unchanged: return string
        case .walkIsICUs, nil: return nil
        }
    }

    /// True when a text of `utf8Count` bytes and `utf16Count` UTF-16 units is mostly ASCII
    /// (fewer than nine bytes for eight units), as the walk in UTF-8 asks
    /// (``walkMatches(inUTF8:count:isMostlyASCII:findsGroups:firstMatchOnly:_:)``).
    package static func isMostlyASCII(utf8Count: Int, utf16Count: Int) -> Bool {
        utf8Count * 8 < utf16Count * 9
    }
}
