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
        withoutActuallyEscaping(block) { block in
            enumerate(in: string, options: options, range: range, usesSearchPlan: false, makesResults: true) {
                result, flags, stop in
                block(result, flags, stop)
            }
        }
    }

    /// Every match in `range` of `string`.
    public func matches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> [NSTextCheckingResult] {
        var matches = [NSTextCheckingResult]()
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            result, _, _ in
            if let result { matches.append(result) }
        }
        return matches
    }

    /// The number of matches in `range` of `string`.
    public func numberOfMatches(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> Int {
        var count = 0
        enumerate(
            in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range, makesResults: false
        ) { _, _, _ in
            count += 1
        }
        return count
    }

    /// The first match in `range` of `string`, or nil.
    public func firstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSTextCheckingResult? {
        var first: NSTextCheckingResult?
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            result, _, stop in
            first = result
            stop.pointee = true
        }
        return first
    }

    /// The range of the first match in `range` of `string`, or `{NSNotFound, 0}`.
    public func rangeOfFirstMatch(in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange) -> NSRange {
        firstMatch(in: string, options: options, range: range)?.range ?? NSRange(location: NSNotFound, length: 0)
    }

    /// The enumeration behind every method, Foundation's (`_CFRegularExpressionEnumerateMatchesInString`)
    /// step for step: the range is copied (with the whole string around it for
    /// `.withTransparentBounds`, or one unit on each side for `.withoutAnchoringBounds`, which
    /// then become the region's bounds), `.anchored` and `.reportProgress` are ICU's progress
    /// callbacks, and each match's flags are ICU's `hitEnd` and `requireEnd`.
    ///
    /// With `usesSearchPlan`, matches may be found without ICU (see ``RegexPattern``); their
    /// flags are then not ICU's, which only the public enumeration shows its caller.
    private func enumerate(
        in string: String, options: NSRegularExpression.MatchingOptions, range: NSRange, usesSearchPlan: Bool = true,
        makesResults: Bool = true,
        _ body: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        let reportsProgress = options.contains(.reportProgress)
        let reportsCompletion = options.contains(.reportCompletion)
        let anchored = options.contains(.anchored)
        let transparentBounds = options.contains(.withTransparentBounds)
        let nonAnchoringBounds = options.contains(.withoutAnchoringBounds)
        var stop = ObjCBool(false)
        let length = string.utf16.count
        guard range.location >= 0, range.length >= 0, range.location <= length, range.length <= length - range.location
        else {
            // Foundation on Linux searches nothing and reports an internal error.
            if reportsCompletion { body(nil, [.internalError, .completed], &stop) }
            return
        }
        var enclosing = range
        if transparentBounds {
            enclosing = NSRange(location: 0, length: length)
        } else if nonAnchoringBounds {
            if enclosing.location > 0 {
                enclosing.location -= 1
                enclosing.length += 1
            }
            if enclosing.location + enclosing.length < length { enclosing.length += 1 }
        }
        let regionStart = range.location - enclosing.location
        let offset = enclosing.location
        // The progress callback calls `body` during the search, and only then.
        withoutActuallyEscaping(body) { body in
        UTF16Text.withUnits(of: string, utf16Offsets: enclosing.location..<(enclosing.location + enclosing.length)) { units in
            let usesRegion = transparentBounds || nonAnchoringBounds
            guard
                let walk = try? UTF16MatchWalk(
                    pattern: compiled, text: units.baseAddress, count: units.count,
                    usesSearchPlan: usesSearchPlan && !usesRegion && !reportsProgress && !anchored)
            else {
                if reportsCompletion { body(nil, [.internalError, .completed], &stop) }
                return
            }
            // Where the next match must start with `.anchored` (Apple's meaning: the range's
            // start, then where the previous match ended).
            var anchorIndex = regionStart
            var hitAnchorLimit = false
            var stoppedByClient = false
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
                let endFlags = walk.endFlags
                var flags: NSRegularExpression.MatchingFlags = []
                if endFlags.hitEnd { flags.insert(.hitEnd) }
                if endFlags.requireEnd { flags.insert(.requiredEnd) }
                var result: NSTextCheckingResult?
                if makesResults {
                    var ranges = [NSRange]()
                    ranges.reserveCapacity(numberOfCaptureGroups + 1)
                    for group in 0...numberOfCaptureGroups {
                        if let span = walk.range(ofGroup: group) {
                            ranges.append(NSRange(location: offset + span.lowerBound, length: span.count))
                        } else {
                            ranges.append(NSRange(location: NSNotFound, length: 0))
                        }
                    }
                    result = RegularExpressionCheckingResult(ranges: ranges, expression: self)
                }
                body(result, flags, &stop)
                if stop.boolValue { break }
            }
            if reportsCompletion && !stop.boolValue && !stoppedByClient {
                var flags: NSRegularExpression.MatchingFlags = []
                if !failed || hitAnchorLimit {
                    let endFlags = walk.endFlags
                    if endFlags.hitEnd { flags.insert(.hitEnd) }
                    if endFlags.requireEnd { flags.insert(.requiredEnd) }
                } else {
                    flags = .internalError
                }
                flags.insert(.completed)
                body(nil, flags, &stop)
            }
        }
        }
    }

    // MARK: Replacing

    /// `string` with each match in `range` replaced by `templ`, Foundation's template: `$0`
    /// to `$9` (more digits when the pattern has ten groups or more), and a backslash that
    /// takes the next character literally.
    public func stringByReplacingMatches(
        in string: String, options: NSRegularExpression.MatchingOptions = [], range: NSRange, withTemplate templ: String
    ) -> String {
        let template = FoundationTemplate(templ, numberOfRanges: numberOfCaptureGroups + 1)
        let utf16 = string.utf16
        var result = ""
        var copied = utf16.startIndex
        var copiedOffset = 0
        // The results come left to right: each index is found from the last one.
        var cursor = (offset: 0, index: utf16.startIndex)
        func index(at offset: Int) -> String.Index {
            let index = utf16.index(cursor.index, offsetBy: offset - cursor.offset)
            cursor = (offset, index)
            return index
        }
        enumerate(in: string, options: options.subtracting([.reportProgress, .reportCompletion]), range: range) {
            result_, _, _ in
            guard let match = result_ else { return }
            let matchRange = match.range
            let start = index(at: matchRange.location)
            if matchRange.location > copiedOffset {
                result += Self.text(of: utf16[copied..<start])
            }
            var replacement = ""
            template.append(to: &replacement, for: match) { groupRange in
                let lower = utf16.index(start, offsetBy: groupRange.location - matchRange.location)
                return Self.text(of: utf16[lower..<utf16.index(lower, offsetBy: groupRange.length)])
            }
            result += replacement
            copiedOffset = matchRange.location + matchRange.length
            copied = index(at: copiedOffset)
        }
        if copied < utf16.endIndex {
            result += Self.text(of: utf16[copied...])
        }
        return result
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
            var replacement = ""
            // As Foundation does, group texts are read from the string as replaced so far.
            template.append(to: &replacement, for: result) { groupRange in
                string.substring(with: NSRange(location: groupRange.location + offset, length: groupRange.length))
            }
            var currentRange = result.range
            currentRange.location += offset
            string.replaceCharacters(in: currentRange, with: replacement)
            offset += (replacement as NSString).length - currentRange.length
        }
        return results.count
    }

    /// The text of a slice of a string's UTF-16 view.
    private static func text(of units: Substring.UTF16View) -> Substring {
        Substring(units)
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
final class RegularExpressionCheckingResult: NSTextCheckingResult, @unchecked Sendable {
    // @unchecked: immutable after init, as Foundation's own results are.
    private let ranges: [NSRange]
    private let expression: ICURegularExpression

    init(ranges: [NSRange], expression: ICURegularExpression) {
        self.ranges = ranges
        self.expression = expression
        super.init()
    }

    required init?(coder: NSCoder) {
        nil
    }

    override var resultType: NSTextCheckingResult.CheckingType { .regularExpression }

    override var range: NSRange { ranges[0] }

    override func range(at idx: Int) -> NSRange { ranges[idx] }

    override var numberOfRanges: Int { ranges.count }

    override func range(withName name: String) -> NSRange {
        guard let group = expression.groupNumber(named: name), group < ranges.count else {
            return NSRange(location: NSNotFound, length: 0)
        }
        return ranges[group]
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
        case text(String)
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
        var pieces = [Piece]()
        var text = String.UnicodeScalarView()
        let scalars = Array(template.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                if index < scalars.count {
                    text.append(scalars[index])
                    index += 1
                }
            } else if scalar == "$", index < scalars.count, scalars[index].isASCII, ("0"..."9").contains(scalars[index]) {
                var group = 0
                var digits = 0
                while index < scalars.count, digits < digitsAllowed, ("0"..."9").contains(scalars[index]) {
                    group = group * 10 + Int(scalars[index].value - 48)
                    index += 1
                    digits += 1
                }
                if !text.isEmpty {
                    pieces.append(.text(String(text)))
                    text = String.UnicodeScalarView()
                }
                pieces.append(.group(group))
            } else {
                text.append(scalar)
            }
        }
        if !text.isEmpty { pieces.append(.text(String(text))) }
        self.pieces = pieces
    }

    /// Appends the replacement for `result` to `output`; `text(range)` gives the text of a
    /// group's range.
    func append(to output: inout String, for result: NSTextCheckingResult, text: (NSRange) -> Substring) {
        for piece in pieces {
            switch piece {
            case .text(let literal):
                output += literal
            case .group(let group):
                guard group < result.numberOfRanges else { continue }
                let range = result.range(at: group)
                if range.location != NSNotFound && range.length > 0 {
                    output += text(range)
                }
            }
        }
    }

    func append(to output: inout String, for result: NSTextCheckingResult, text: (NSRange) -> String) {
        append(to: &output, for: result) { Substring(text($0)) }
    }
}
