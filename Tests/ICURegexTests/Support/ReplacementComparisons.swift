import Foundation
@testable import ICURegex
import ICURegexFoundation
import Testing

/// The comparisons the replacement differential tests share: a pattern's replacements against
/// the same pattern's with ICU alone, and `ICURegularExpression`'s against Foundation's.
enum ReplacementComparisons {
    /// Expects, for each template, `fast.replacing` on `bounds` of `text` to equal
    /// `icu.replacing`, and `ours.stringByReplacingMatches` on the same range to equal
    /// `foundation`'s. Each pair is compared before the expectation, so that a failure prints
    /// `label` and the template, not the texts.
    static func expectAgreement(
        fast: RegexPattern, icu: RegexPattern, ours: ICURegularExpression, foundation: NSRegularExpression,
        text: String, bounds: Range<String.Index>, templates: [String], label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let nsRange = NSRange(bounds, in: text)
        for template in templates {
            let replacedAsICU = try fast.replacing(in: text, range: bounds, withTemplate: template)
                == icu.replacing(in: text, range: bounds, withTemplate: template)
            #expect(replacedAsICU, "\(label) -> \(template)", sourceLocation: sourceLocation)
            let replacedAsFoundation =
                ours.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
                == foundation.stringByReplacingMatches(in: text, range: nsRange, withTemplate: template)
            #expect(replacedAsFoundation, "\(label) -> \(template)", sourceLocation: sourceLocation)
        }
    }
}

extension RegexPattern {
    /// The units read so far by the one-pass runs of the capture backtracker its pool gives next
    /// (its spare one, on one thread, which a walk takes): a test's evidence that the runs
    /// searched the text it compared.
    func onePassWorkOfNextBacktracker() throws -> Int {
        let backtracker = try #require(captureBacktrackers?.take())
        defer { captureBacktrackers?.put(backtracker) }
        return backtracker.onePassWork
    }
}
