import Foundation
import ICURegex
import Synchronization

/// A drop-in for `NSRegularExpression`: the same methods, options and results as Foundation's
/// on Linux, case for case, searched by ICURegex.
///
/// Replace `NSRegularExpression` with `ICURegularExpression` and nothing else changes: the
/// matches come as `NSTextCheckingResult`s with the same ranges, capture groups (numbered and
/// named), flags and templates. On Linux, Foundation's `NSRegularExpression` runs the same
/// ICU, behind a bridge that copies the string and wraps every call; this class copies the
/// search range once, finds the matches with ICURegex's literal prefilters and automaton where
/// they apply, and ICU's own loop elsewhere.
///
/// Two differences, both on purpose:
/// - `.anchored` with a range that does not start at 0 follows Apple's documentation (matches
///   only at the range's start and then each where the previous one ended); Linux Foundation
///   compares ICU's offsets within the copied range with the range's location in the string,
///   and so accepts matches anywhere in a range that starts far enough in.
/// - every search has ICURegex's default limits (``RegexPattern/Limits/default``): a runaway
///   pattern stops after about a second, as if its matches had run out (Foundation's would
///   run for as long as it takes, or forever on ICU's known endless loops), and a
///   `.reportCompletion` call then carries `.internalError`.
///
/// Like `NSRegularExpression`, an instance is immutable and may be used from many threads at
/// once.
public final class ICURegularExpression: Sendable {
    /// The pattern, as `NSRegularExpression` reports it (escaped, with
    /// `.ignoreMetacharacters`).
    public let pattern: String

    /// The options the expression was created with.
    public let options: NSRegularExpression.Options

    /// The compiled pattern.
    private let compiled: RegexPattern

    /// A Foundation expression of the same pattern, made the first time a result is asked for
    /// its `regularExpression`.
    private let foundationExpression = Mutex<NSRegularExpression?>(nil)

    /// Compiles `pattern` with `options`, as `NSRegularExpression(pattern:options:)` does.
    /// - Throws: The `NSError` Foundation throws for a pattern ICU rejects (Cocoa's
    ///   formatting error, 2048, with the pattern as `NSInvalidValue`); an empty pattern is
    ///   rejected too, as ICU rejects it.
    public init(pattern: String, options: NSRegularExpression.Options = []) throws {
        let pattern = options.contains(.ignoreMetacharacters) ? Self.escapedPattern(for: pattern) : pattern
        self.pattern = pattern
        self.options = options
        do {
            guard !pattern.isEmpty else { throw ICURegexError.illegalArgument }
            compiled = try RegexPattern(pattern, options: RegexPattern.Options(options))
        } catch {
            throw NSError(domain: NSCocoaErrorDomain, code: 2048, userInfo: ["NSInvalidValue": pattern])
        }
    }

    /// The number of capture groups in the pattern.
    public var numberOfCaptureGroups: Int { compiled.numberOfCaptureGroups }

    /// The Foundation expression behind each result's `regularExpression`.
    fileprivate var foundationRegularExpression: NSRegularExpression? {
        foundationExpression.withLock { expression in
            if expression == nil {
                expression = try? NSRegularExpression(pattern: pattern, options: options.subtracting(.ignoreMetacharacters))
            }
            return expression
        }
    }

    /// The number of the group named `name`, or nil.
    fileprivate func groupNumber(named name: String) -> Int? {
        compiled.groupNumber(named: name)
    }

    // MARK: Matching

    /// Calls `block` for each match in `range` of `string`, as `NSRegularExpression` does:
    /// with each result and its flags (`.hitEnd`, `.requiredEnd`), with nil and `.progress`
    /// during long searches when asked (`.reportProgress`), and once at the end with nil and
    /// `.completed` when asked (`.reportCompletion`). Setting the `stop` argument to true ends
    /// the enumeration.
    public func enumerateMatches(
        in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange,
        using block: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        enumerate(in: string, options: options, range: range, findsFlags: true) { match, flags, stop in
            block(match.map(result), flags, stop)
        }
    }

    /// Every match in `range` of `string`.
    public func matches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] {
        var matches = [NSTextCheckingResult]()
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            match, _, _ in
            if let match { matches.append(result(for: match)) }
        }
        return matches
    }

    /// The number of matches in `range` of `string`.
    public func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> Int {
        var count = 0
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            match, _, _ in
            if match != nil { count += 1 }
        }
        return count
    }

    /// The first match in `range` of `string`, or nil.
    public func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? {
        var first: NSTextCheckingResult?
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            match, _, stop in
            first = match.map(result)
            stop.pointee = true
        }
        return first
    }

    /// The range of the first match in `range` of `string`, or `{NSNotFound, 0}`.
    public func rangeOfFirstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSRange {
        var first = NSRange(location: NSNotFound, length: 0)
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            match, _, stop in
            if let match { first = match.range(at: 0) }
            stop.pointee = true
        }
        return first
    }

    /// The match an enumeration is on: the walk, and where its text starts in the string.
    private struct CurrentMatch {
        let walk: MatchWalk
        let offset: Int
        let numberOfRanges: Int

        /// The range of group `group` in the string, or `{NSNotFound, 0}`.
        func range(at group: Int) -> NSRange {
            guard let span = walk.range(ofGroup: group) else { return NSRange(location: NSNotFound, length: 0) }
            return NSRange(location: offset + span.lowerBound, length: span.count)
        }
    }

    /// The result Foundation makes for `match`.
    private func result(for match: CurrentMatch) -> NSTextCheckingResult {
        var groupRanges = [NSRange]()
        if match.numberOfRanges > 1 {
            groupRanges.reserveCapacity(match.numberOfRanges - 1)
            for group in 1..<match.numberOfRanges {
                groupRanges.append(match.range(at: group))
            }
        }
        return RegularExpressionCheckingResult(range: match.range(at: 0), groupRanges: groupRanges, expression: self)
    }

    /// The text the enumeration of `range` searches, as Foundation copies it: the range itself,
    /// the whole string for `.withTransparentBounds`, or the range and one unit on each side
    /// for `.withoutAnchoringBounds`; nil when `range` is not within a string of `length`
    /// units.
    private static func enclosingRange(of range: NSRange, length: Int, options: NSRegularExpression.MatchingOptions) -> NSRange? {
        guard range.location >= 0, range.length >= 0, range.location <= length, range.length <= length - range.location
        else { return nil }
        var enclosing = range
        if options.contains(.withTransparentBounds) {
            enclosing = NSRange(location: 0, length: length)
        } else if options.contains(.withoutAnchoringBounds) {
            if enclosing.location > 0 {
                enclosing.location -= 1
                enclosing.length += 1
            }
            if enclosing.location + enclosing.length < length { enclosing.length += 1 }
        }
        return enclosing
    }

    /// Enumerates the matches in `range` of `string` (see ``enumerate(units:offset:options:range:findsFlags:_:)``),
    /// copying only the text the search needs.
    private func enumerate(
        in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, findsFlags: Bool = false,
        _ body: (CurrentMatch?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        guard let enclosing = Self.enclosingRange(of: range, length: string.utf16.count, options: options) else {
            // Foundation on Linux searches nothing and reports an internal error.
            var stop = ObjCBool(false)
            if options.contains(.reportCompletion) { body(nil, [.internalError, .completed], &stop) }
            return
        }
        UTF16Text.withUnits(of: string, utf16Offsets: enclosing.location..<(enclosing.location + enclosing.length)) { units in
            enumerate(units: units, offset: enclosing.location, options: options, range: range, findsFlags: findsFlags, body)
        }
    }

    /// The enumeration behind every method, Foundation's (`_CFRegularExpressionEnumerateMatchesInString`)
    /// step for step: `units` is the text Foundation copies (see
    /// ``enclosingRange(of:length:options:)``), starting at `offset` in the string, with
    /// `range` as its region when the bounds are not the default ones; `.anchored` and
    /// `.reportProgress` are ICU's progress callbacks, and each match's flags are ICU's
    /// `hitEnd` and `requireEnd`.
    ///
    /// Without `findsFlags`, the matches' flags are left empty, and matches may be found with
    /// the search plan instead of ICU (see ``RegexPattern``), when no callback needs ICU.
    private func enumerate(
        units: UnsafeBufferPointer<UInt16>, offset: Int, options: NSRegularExpression.MatchingOptions, range: NSRange,
        findsFlags: Bool, _ body: (CurrentMatch?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        let reportsProgress = options.contains(.reportProgress)
        let reportsCompletion = options.contains(.reportCompletion)
        let anchored = options.contains(.anchored)
        let transparentBounds = options.contains(.withTransparentBounds)
        let nonAnchoringBounds = options.contains(.withoutAnchoringBounds)
        let usesRegion = transparentBounds || nonAnchoringBounds
        let regionStart = range.location - offset
        if usesRegion && Self.splitsPair(units, at: regionStart) {
            // ICU (72 here, 76 in Foundation) reads outside the text when a region that it may
            // see beyond starts between the halves of a pair, and crashes: the half before the
            // region reads as U+FFFD instead, so that the half inside is a lone surrogate, as it
            // is with the default bounds. (A region that ends inside a pair is searched as it
            // is, as Foundation does.)
            var patched = Array(units)
            patched[regionStart - 1] = 0xFFFD
            patched.withUnsafeBufferPointer { patched in
                enumerate(units: patched, offset: offset, options: options, range: range, findsFlags: findsFlags, body)
            }
            return
        }
        var stop = ObjCBool(false)
        guard
            let walk = try? MatchWalk(
                pattern: compiled, text: units.baseAddress, count: units.count,
                usesSearchPlan: !findsFlags && !usesRegion && !reportsProgress && !anchored)
        else {
            if reportsCompletion { body(nil, [.internalError, .completed], &stop) }
            return
        }
        // Where the next match must start with `.anchored` (Apple's meaning: the range's
        // start, then where the previous match ended).
        var anchorIndex = regionStart
        var hitAnchorLimit = false
        var stoppedByClient = false
        // The progress callback calls `body` during the search, and only then: it is removed
        // before this scope ends.
        withoutActuallyEscaping(body) { body in
            defer { walk.removeProgressCallback() }
            do throws(ICURegexError) {
                if usesRegion {
                    try walk.setRegion(
                        regionStart..<(regionStart + range.length), transparentBounds: transparentBounds,
                        anchoringBounds: !nonAnchoringBounds)
                }
                if reportsProgress || anchored {
                    try walk.setProgressCallback(findProgress: true, matchProgress: reportsProgress) { index in
                        var stopsHere = ObjCBool(false)
                        if index >= 0 && anchored && index > anchorIndex {
                            stopsHere = true
                            hitAnchorLimit = true
                        } else {
                            body(nil, .progress, &stopsHere)
                            stoppedByClient = stopsHere.boolValue
                        }
                        return !stopsHere.boolValue
                    }
                }
            } catch {
                if reportsCompletion { body(nil, [.internalError, .completed], &stop) }
                return
            }
            let match = CurrentMatch(walk: walk, offset: offset, numberOfRanges: numberOfCaptureGroups + 1)
            var failed = false
            while true {
                let found: Range<Int>?
                do throws(ICURegexError) {
                    found = try walk.next()
                } catch {
                    failed = true
                    break
                }
                guard let found, !stoppedByClient, !hitAnchorLimit else { break }
                if anchored {
                    if found.lowerBound > anchorIndex { break }
                    anchorIndex = found.upperBound
                }
                body(match, findsFlags ? Self.flags(of: walk) : [], &stop)
                if stop.boolValue { break }
            }
            if reportsCompletion && !stop.boolValue && !stoppedByClient {
                var flags: NSRegularExpression.MatchingFlags = !failed || hitAnchorLimit ? Self.flags(of: walk) : .internalError
                flags.insert(.completed)
                body(nil, flags, &stop)
            }
        }
    }

    /// True when `offset` falls between the two halves of a surrogate pair of `units`.
    private static func splitsPair(_ units: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        offset > 0 && offset < units.count && UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
    }

    /// ICU's `hitEnd` and `requireEnd` after the walk's last search, as Foundation's flags.
    private static func flags(of walk: MatchWalk) -> NSRegularExpression.MatchingFlags {
        let endFlags = walk.endFlags
        var flags: NSRegularExpression.MatchingFlags = []
        if endFlags.hitEnd { flags.insert(.hitEnd) }
        if endFlags.requireEnd { flags.insert(.requiredEnd) }
        return flags
    }

    // MARK: Replacing

    /// `string` with each match in `range` replaced by `templ`, Foundation's template: `$0`
    /// to `$9` (more digits when the pattern has ten groups or more), and a backslash that
    /// takes the next character literally.
    public func stringByReplacingMatches(
        in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange, withTemplate templ: String
    ) -> String {
        let template = FoundationTemplate(templ, numberOfRanges: numberOfCaptureGroups + 1)
        let length = string.utf16.count
        guard let enclosing = Self.enclosingRange(of: range, length: length, options: options) else { return string }
        // The whole string's units, once, to search and to turn offsets into the string's
        // UTF-8 offsets; the result's UTF-8 is built in one buffer from the string's own bytes
        // between the matches.
        var native = string
        native.makeContiguousUTF8()
        let replaced: String? = UTF16Text.withUnits(of: native, utf16Offsets: 0..<length) { whole in
            native.utf8.withContiguousStorageIfAvailable { bytes in
                var positions = UTF16Positions(
                    base: native, start: native.startIndex, units: whole, isASCII: whole.count == bytes.count,
                    isTranscodedFromUTF8: true)
                var output = UTF8Output(source: bytes)
                var copied = 0
                var replacedAny = false
                let searched = UnsafeBufferPointer(rebasing: whole[enclosing.location..<(enclosing.location + enclosing.length)])
                enumerate(
                    units: searched, offset: enclosing.location,
                    options: options.subtracting([.reportProgress, .reportCompletion]), range: range, findsFlags: false
                ) { match, _, _ in
                    guard let match else { return }
                    if !replacedAny {
                        output.reserve(bytes.count)
                        replacedAny = true
                    }
                    let matchRange = match.range(at: 0)
                    output.copy(copied..<positions.utf8Offset(at: matchRange.location))
                    template.append(to: &output, numberOfRanges: match.numberOfRanges) { group in
                        let range = match.range(at: group)
                        guard range.location != NSNotFound else { return nil }
                        return positions.utf8Offset(at: range.location)..<positions.utf8Offset(at: range.location + range.length)
                    }
                    copied = positions.utf8Offset(at: matchRange.location + matchRange.length)
                }
                guard replacedAny else { return nil }
                output.copy(copied..<bytes.count)
                return output.string()
            } ?? nil
        }
        return replaced ?? string
    }

    /// Replaces each match in `range` of `string` with `templ` (see
    /// ``stringByReplacingMatches(in:options:range:withTemplate:)``), left to right, and
    /// returns the number of matches replaced.
    public func replaceMatches(
        in string: NSMutableString, options: NSRegularExpression.MatchingOptions = [], range: NSRange, withTemplate templ: String
    ) -> Int {
        let template = FoundationTemplate(templ, numberOfRanges: numberOfCaptureGroups + 1)
        let results = matches(in: string as String, options: options, range: range)
        var offset = 0
        for result in results {
            // As Foundation does, group texts are read from the string as replaced so far.
            var replacement = ""
            template.append(to: &replacement, numberOfRanges: result.numberOfRanges) { group in
                let range = result.range(at: group)
                guard range.location != NSNotFound else { return nil }
                return Substring(string.substring(with: NSRange(location: range.location + offset, length: range.length)))
            }
            var currentRange = result.range
            currentRange.location += offset
            string.replaceCharacters(in: currentRange, with: replacement)
            offset += replacement.utf16.count - currentRange.length
        }
        return results.count
    }

    // MARK: Escaping

    /// `string` with a backslash before each character that is a metacharacter of a pattern:
    /// `* ? + [ ( ) { } ^ $ | \ . /`, as `NSRegularExpression` escapes it.
    public class func escapedPattern(for string: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(string.unicodeScalars.count)
        for scalar in string.unicodeScalars {
            if "*?+[(){}^$|\\./".unicodeScalars.contains(scalar) {
                escaped.unicodeScalars.append("\\")
            }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }

    /// `string` escaped for use as a literal template. Foundation on Linux escapes the same
    /// characters as ``escapedPattern(for:)``, which this follows; in a template a backslash
    /// takes any character literally, so the template stands for `string` itself.
    public class func escapedTemplate(for string: String) -> String {
        escapedPattern(for: string)
    }
}

extension RegexPattern.Options {
    /// The compile options that Foundation's options call for (`.ignoreMetacharacters` is
    /// applied by escaping the pattern, as Foundation does).
    init(_ options: NSRegularExpression.Options) {
        self = []
        if options.contains(.caseInsensitive) { insert(.caseInsensitive) }
        if options.contains(.allowCommentsAndWhitespace) { insert(.allowCommentsAndWhitespace) }
        if options.contains(.dotMatchesLineSeparators) { insert(.dotMatchesLineSeparators) }
        if options.contains(.anchorsMatchLines) { insert(.anchorsMatchLines) }
        if options.contains(.useUnixLineSeparators) { insert(.useUnixLineSeparators) }
        if options.contains(.useUnicodeWordBoundaries) { insert(.useUnicodeWordBoundaries) }
    }
}

/// A match of an ``ICURegularExpression``, as Foundation's own results report it: the ranges
/// of the whole match and of each capture group (`{NSNotFound, 0}` for a group that did not
/// take part), and the groups' names.
final class RegularExpressionCheckingResult: NSTextCheckingResult {
    /// The whole match's range, kept apart from the groups' so that a pattern without groups
    /// allocates no array.
    private let wholeRange: NSRange
    private let groupRanges: [NSRange]
    private let expression: ICURegularExpression

    init(range: NSRange, groupRanges: [NSRange], expression: ICURegularExpression) {
        self.wholeRange = range
        self.groupRanges = groupRanges
        self.expression = expression
        super.init()
    }

    required init?(coder: NSCoder) {
        nil
    }

    override var resultType: NSTextCheckingResult.CheckingType { .regularExpression }

    override var range: NSRange { wholeRange }

    override func range(at idx: Int) -> NSRange { idx == 0 ? wholeRange : groupRanges[idx - 1] }

    override var numberOfRanges: Int { groupRanges.count + 1 }

    override func range(withName name: String) -> NSRange {
        guard let group = expression.groupNumber(named: name), group < numberOfRanges else {
            return NSRange(location: NSNotFound, length: 0)
        }
        return range(at: group)
    }

    /// A Foundation expression of the same pattern and options, for code that reads it.
    override var regularExpression: NSRegularExpression? { expression.foundationRegularExpression }
}

/// A template of `NSRegularExpression`, read once: `$` followed by up to as many digits as
/// the largest range number has (one for fewer than eleven ranges) is that range's text (empty
/// when there is no such range or it did not take part), and a backslash takes the next
/// character literally (a backslash at the end is dropped). Foundation's
/// `replacementString(for:in:offset:template:)` reads templates this way.
private struct FoundationTemplate {
    enum Piece {
        /// Literal text, also as UTF-8.
        case text(String, utf8: [UInt8])
        case group(Int)
    }

    let pieces: [Piece]

    init(_ template: String, numberOfRanges: Int) {
        var digitsAllowed = 1
        var magnitude = 10
        while magnitude < numberOfRanges && digitsAllowed < 20 {
            digitsAllowed += 1
            magnitude *= 10
        }
        let zero = UInt16(UInt8(ascii: "0"))
        let nine = UInt16(UInt8(ascii: "9"))
        var pieces = [Piece]()
        var text = [UInt16]()
        func flushText() {
            if !text.isEmpty {
                let string = String(decoding: text, as: UTF16.self)
                pieces.append(.text(string, utf8: Array(string.utf8)))
                text = []
            }
        }
        let units = Array(template.utf16)
        var index = 0
        while index < units.count {
            let unit = units[index]
            index += 1
            if unit == UInt16(UInt8(ascii: "\\")) {
                if index < units.count {
                    text.append(units[index])
                    index += 1
                }
            } else if unit == UInt16(UInt8(ascii: "$")), index < units.count, (zero...nine).contains(units[index]) {
                var group = 0
                var digits = 0
                while index < units.count, digits < digitsAllowed, (zero...nine).contains(units[index]) {
                    group = group * 10 + Int(units[index] - zero)
                    index += 1
                    digits += 1
                }
                flushText()
                pieces.append(.group(group))
            } else {
                text.append(unit)
            }
        }
        flushText()
        self.pieces = pieces
    }

    /// Appends the replacement for a match of `numberOfRanges` ranges to `output`;
    /// `bytes(group)` gives the source's bytes of a group that exists, nil when it did not
    /// take part.
    func append(to output: inout UTF8Output, numberOfRanges: Int, bytes: (Int) -> Range<Int>?) {
        for piece in pieces {
            switch piece {
            case .text(_, let utf8):
                output.append(utf8)
            case .group(let group):
                if group < numberOfRanges, let range = bytes(group) { output.copy(range) }
            }
        }
    }

    /// Appends the replacement for a match of `numberOfRanges` ranges to `output`;
    /// `text(group)` gives the text of a group that exists, nil when it did not take part.
    func append(to output: inout String, numberOfRanges: Int, text: (Int) -> Substring?) {
        for piece in pieces {
            switch piece {
            case .text(let literal, _):
                output += literal
            case .group(let group):
                if group < numberOfRanges, let groupText = text(group) { output += groupText }
            }
        }
    }
}
