import Foundation
@testable import ICURegex
import ICURegexFoundation

/// What the end-flag tests (`ICURegularExpressionEndFlagsTests`, `WholeTextEndFlagsTests`)
/// compare: the calls of `ICURegularExpression`'s and Foundation's enumerations, and the
/// matches and end flags of a ``MatchWalk`` against ICU's loop.
enum EndFlagComparisons {
    /// The compile options of Foundation's `options` (those the cases use).
    static func compileOptions(_ options: NSRegularExpression.Options) -> RegexPattern.Options {
        let pairs: [(NSRegularExpression.Options, RegexPattern.Options)] = [
            (.caseInsensitive, .caseInsensitive), (.anchorsMatchLines, .anchorsMatchLines),
            (.dotMatchesLineSeparators, .dotMatchesLineSeparators), (.useUnixLineSeparators, .useUnixLineSeparators),
            (.useUnicodeWordBoundaries, .useUnicodeWordBoundaries),
        ]
        return RegexPattern.Options(pairs.filter { options.contains($0.0) }.map(\.1))
    }

    /// One pattern compiled four ways for a comparison: by Foundation, as an
    /// `ICURegularExpression`, as a ``RegexPattern`` with its strategy, and as one that only ICU
    /// searches.
    struct CompiledPattern {
        let foundation: NSRegularExpression
        let ours: ICURegularExpression
        let strategy: RegexPattern
        let icuOnly: RegexPattern
    }

    /// `pattern` compiled with `options` each way, or nil when Foundation or
    /// `ICURegularExpression` rejects it (a generated pattern may be invalid).
    static func compiled(_ pattern: String, options: NSRegularExpression.Options = []) throws -> CompiledPattern? {
        guard let foundation = try? NSRegularExpression(pattern: pattern, options: options),
            let ours = try? ICURegularExpression(pattern: pattern, options: options)
        else { return nil }
        let compileOptions = compileOptions(options)
        return CompiledPattern(
            foundation: foundation, ours: ours, strategy: try RegexPattern(pattern, options: compileOptions),
            icuOnly: try RegexPattern(pattern, options: compileOptions, limits: .default, usesSearchPlan: false))
    }

    /// Every call of an enumeration, stopped at the match `stopAt` (when not nil): flags, then
    /// range and groups.
    static func calls(
        groups: Int, stopAt: Int? = nil,
        _ enumerate: (@escaping (NSTextCheckingResult?, NSRegularExpression.MatchingFlags, UnsafeMutablePointer<ObjCBool>) -> Void) -> Void
    ) -> [String] {
        final class Record {
            var calls: [String] = []
            var matches = 0
        }
        let record = Record()
        enumerate { result, flags, stop in
            var call = "\(flags.rawValue)"
            if let result {
                for group in 0...groups { call += " \(result.range(at: group))" }
                if record.matches == stopAt { stop.pointee = true }
                record.matches += 1
            }
            record.calls.append(call)
        }
        return record.calls
    }

    /// The end flags of every call of `ours`' and `foundation`'s enumerations of the whole
    /// `text` with `.reportCompletion`, each as `.hitEnd` 1 plus `.requiredEnd` 2.
    static func enumerationFlags(
        _ ours: ICURegularExpression, _ foundation: NSRegularExpression, in text: String
    ) -> (ours: [String], foundation: [String]) {
        let range = NSRange(location: 0, length: text.utf16.count)
        var mine: [String] = []
        var theirs: [String] = []
        ours.enumerateMatches(in: text, options: .reportCompletion, range: range) { _, found, _ in
            mine.append("\(found.subtracting(.completed).rawValue >> 2)")
        }
        foundation.enumerateMatches(in: text, options: .reportCompletion, range: range) { _, found, _ in
            theirs.append("\(found.subtracting(.completed).rawValue >> 2)")
        }
        return (mine, theirs)
    }

    /// Every match of a walk with its groups and end flags, and the flags after the last
    /// search.
    static func walk(_ walk: MatchWalk, groups: Int) throws -> [String] {
        var calls: [String] = []
        while let match = try walk.next() {
            let flags = try walk.endFlags()
            calls.append("\(match) \((0...groups).map { walk.range(ofGroup: $0).map { "\($0)" } ?? "-" }) \(flags)")
        }
        calls.append("end \(try walk.endFlags())")
        return calls
    }
}
