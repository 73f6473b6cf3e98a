import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// What makes `ICURegularExpression` stand in for `NSRegularExpression` beyond its searches:
    /// equality and hashing, copying and archiving (its own and its results'), the way to and
    /// from Foundation's expression, `replacementString(for:in:offset:template:)`, and the two
    /// corners where it once differed from Foundation (a template with a backslash before a
    /// character outside the BMP, a region that starts inside a surrogate pair).
    @Suite struct RegularExpressionDropInTests {
        static func whole(_ text: String) -> NSRange {
            NSRange(location: 0, length: text.utf16.count)
        }

        /// Foundation searches for the template's next `\` or `$` with steps that take a
        /// surrogate and the unit after it together; after a backslash before a character
        /// outside the BMP, its steps start at the character's second half, so the unit right
        /// after the character is passed over as text.
        @Test(arguments: [
            ("\\😀$0", "a😀$0c"), ("\\😀x$0", "a😀xbc"), ("\\😀\\$0", "a😀\\bc"), ("\\😀😀$0", "a😀😀$0c"),
            ("\\😀\\\\$1", "a😀\\$1c"), ("$0\\😀$1", "ab😀$1c"), ("\\😀\\😀$1", "a😀\\😀bc"), ("\\𝔸", "a𝔸c"),
            ("😀$0", "a😀bc"), ("\\é$0", "aébc"),
        ])
        func templateWithBackslashBeforeCharacterOutsideBMP(template: String, expected: String) throws {
            let text = "abc"
            let foundation = try NSRegularExpression(pattern: "(b)")
            let ours = try ICURegularExpression(pattern: "(b)")
            #expect(foundation.stringByReplacingMatches(in: text, range: Self.whole(text), withTemplate: template) == expected)
            #expect(ours.stringByReplacingMatches(in: text, range: Self.whole(text), withTemplate: template) == expected)
            let mutable = NSMutableString(string: text)
            #expect(ours.replaceMatches(in: mutable, range: Self.whole(text), withTemplate: template) == 1)
            #expect(mutable as String == expected)
            let match = try #require(ours.firstMatch(in: text, range: Self.whole(text)))
            #expect("a" + ours.replacementString(for: match, in: text, offset: 0, template: template) + "c" == expected)
        }

        /// A region that starts between the halves of a surrogate pair, with bounds that let
        /// ICU see before it: a pattern without a quantifier sees the text as it is, as
        /// Foundation's does (the half before the region is not replaced).
        @Test(arguments: [
            ("\\X🇷", NSRegularExpression.MatchingOptions.withoutAnchoringBounds, [String]()),
            ("\\X🇷", .withTransparentBounds, []),
            ("\\X", .withoutAnchoringBounds, ["{1, 3}"]),
            ("(?w)\\b", .withoutAnchoringBounds, ["{4, 0}"]),
            ("(?w)\\b", .withTransparentBounds, ["{4, 0}"]),
            ("(?<=\\x{1F1EB})", .withTransparentBounds, ["{2, 0}"]),
            (".", .withTransparentBounds, ["{1, 1}", "{2, 2}"]),
            ("\\X", NSRegularExpression.MatchingOptions(), ["{1, 1}", "{2, 2}"]),
        ])
        func regionStartingInsidePair(pattern: String, options: NSRegularExpression.MatchingOptions, expected: [String]) throws {
            let text = "🇫🇷#"
            let range = NSRange(location: 1, length: 3)
            let ours = try ICURegularExpression(pattern: pattern)
            let foundation = try NSRegularExpression(pattern: pattern)
            #expect(foundation.matches(in: text, options: options, range: range).map { NSStringFromRange($0.range) } == expected)
            #expect(ours.matches(in: text, options: options, range: range).map { NSStringFromRange($0.range) } == expected)
            #expect(ours.firstMatch(in: text, options: options, range: range)?.range == expected.first.map(NSRangeFromString))
        }

        /// The module's constants of Foundation's matching options and flags, which the
        /// searches test in place of Foundation's globals, have Foundation's values.
        @Test func matchingConstantsAreFoundations() {
            typealias Options = NSRegularExpression.MatchingOptions
            typealias Flags = NSRegularExpression.MatchingFlags
            #expect(MatchingConstants.reportProgress == Options.reportProgress)
            #expect(MatchingConstants.reportCompletion == Options.reportCompletion)
            #expect(MatchingConstants.anchored == Options.anchored)
            #expect(MatchingConstants.withTransparentBounds == Options.withTransparentBounds)
            #expect(MatchingConstants.withoutAnchoringBounds == Options.withoutAnchoringBounds)
            #expect(MatchingConstants.callbacks == [Options.reportProgress, Options.reportCompletion])
            #expect(MatchingConstants.progress == Flags.progress)
            #expect(MatchingConstants.completed == Flags.completed)
            #expect(MatchingConstants.hitEnd == Flags.hitEnd)
            #expect(MatchingConstants.requiredEnd == Flags.requiredEnd)
            #expect(MatchingConstants.internalError == Flags.internalError)
            #expect(MatchingConstants.failedCompletion == [Flags.internalError, Flags.completed])
        }

        @Test func equalityAndHashing() throws {
            let a = try ICURegularExpression(pattern: "[a-z]+", options: .caseInsensitive)
            let b = try ICURegularExpression(pattern: "[a-z]+", options: .caseInsensitive)
            #expect(a == b && a !== b)
            #expect(a.isEqual(b) && b.isEqual(a))
            #expect(a.hash == b.hash && a.hashValue == b.hashValue)
            #expect(Set([a, b]).count == 1)
            #expect(a != (try ICURegularExpression(pattern: "[a-z]+")))
            #expect(a != (try ICURegularExpression(pattern: "[a-y]+", options: .caseInsensitive)))
            #expect(a != (try ICURegularExpression(pattern: "[a-z]+", options: [.caseInsensitive, .anchorsMatchLines])))
            // Foundation's expression is another class, which Foundation's `isEqual` does not
            // take for its own: neither side takes the other.
            let foundation = try NSRegularExpression(pattern: "[a-z]+", options: .caseInsensitive)
            #expect(!a.isEqual(foundation) && !foundation.isEqual(a))
            // The reported pattern is compared, as Foundation compares it.
            let literal = try ICURegularExpression(pattern: "a.b", options: .ignoreMetacharacters)
            #expect(literal == (try ICURegularExpression(pattern: "a.b", options: .ignoreMetacharacters)))
            #expect(literal.pattern == (try NSRegularExpression(pattern: "a.b", options: .ignoreMetacharacters)).pattern)
        }

        @Test func copyingAndCoding() throws {
            #expect(ICURegularExpression.supportsSecureCoding)
            for (pattern, options) in [
                ("[a-z]+", NSRegularExpression.Options([.caseInsensitive, .allowCommentsAndWhitespace])),
                ("a.b(c)", .ignoreMetacharacters), ("(?<word>\\w+)😀", []),
            ] {
                let expression = try ICURegularExpression(pattern: pattern, options: options)
                #expect(expression.copy() as AnyObject === expression)

                let data = try NSKeyedArchiver.archivedData(withRootObject: expression, requiringSecureCoding: true)
                let decoded = try #require(
                    try NSKeyedUnarchiver.unarchivedObject(ofClass: ICURegularExpression.self, from: data))
                #expect(decoded == expression, "\(pattern)")
                #expect(decoded.numberOfMatches(in: "a.b(c) xyz", range: Self.whole("a.b(c) xyz"))
                    == expression.numberOfMatches(in: "a.b(c) xyz", range: Self.whole("a.b(c) xyz")))

                // The keys are Foundation's: each class reads the other's archive.
                let toFoundation = NSKeyedUnarchiver(forReadingWith: data)
                toFoundation.setClass(NSRegularExpression.self, forClassName: NSStringFromClass(ICURegularExpression.self))
                let asFoundation = try #require(toFoundation.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? NSRegularExpression)
                // (Foundation escapes the archived pattern of `.ignoreMetacharacters` again.)
                let foundationPattern = options.contains(.ignoreMetacharacters)
                    ? NSRegularExpression.escapedPattern(for: expression.pattern) : expression.pattern
                #expect(asFoundation.pattern == foundationPattern)
                #expect(asFoundation.options == expression.options)

                let foundation = try NSRegularExpression(pattern: pattern, options: options)
                let foundationData = NSKeyedArchiver.archivedData(withRootObject: foundation)
                let fromFoundation = NSKeyedUnarchiver(forReadingWith: foundationData)
                fromFoundation.setClass(ICURegularExpression.self, forClassName: NSStringFromClass(NSRegularExpression.self))
                let asOurs = try #require(fromFoundation.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? ICURegularExpression)
                #expect(asOurs == expression)
            }

            // A result archives as Foundation's own result of the same ranges.
            let expression = try ICURegularExpression(pattern: "(a)(b)?(?<c>c)")
            let result = try #require(expression.firstMatch(in: "xac", range: Self.whole("xac")))
            #expect(result.copy() as AnyObject === result)
            let data = try NSKeyedArchiver.archivedData(withRootObject: result, requiringSecureCoding: true)
            let decoded = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NSTextCheckingResult.self, from: data))
            #expect(decoded.resultType == .regularExpression)
            #expect((0..<4).map { decoded.range(at: $0) } == (0..<4).map { result.range(at: $0) })
            #expect(decoded.numberOfRanges == 4)
            #expect(decoded.regularExpression == result.regularExpression)
            #expect(decoded.range(withName: "c") == NSRange(location: 2, length: 1))
        }

        @Test func foundationInterop() throws {
            let foundation = try NSRegularExpression(pattern: "(?<digits>[0-9]+)", options: .caseInsensitive)
            let ours = try ICURegularExpression(foundation)
            #expect(ours.foundationRegularExpression === foundation)
            #expect(ours == (try ICURegularExpression(pattern: "(?<digits>[0-9]+)", options: .caseInsensitive)))
            let literal = try ICURegularExpression(try NSRegularExpression(pattern: "1+1", options: .ignoreMetacharacters))
            #expect(literal == (try ICURegularExpression(pattern: "1+1", options: .ignoreMetacharacters)))
            #expect(literal.numberOfMatches(in: "1+1 11", range: Self.whole("1+1 11")) == 1)

            // A result's `regularExpression` is the drop-in's Foundation expression, made once;
            // `icuRegularExpression` is the drop-in.
            let expression = try ICURegularExpression(pattern: "a.c", options: .ignoreMetacharacters)
            let result = try #require(expression.firstMatch(in: "xa.c", range: Self.whole("xa.c")))
            let regularExpression = try #require(result.regularExpression)
            #expect(regularExpression === expression.foundationRegularExpression)
            #expect(regularExpression.pattern == expression.pattern && regularExpression.options == expression.options)
            #expect(result.icuRegularExpression === expression)
            #expect(regularExpression.firstMatch(in: "xa.c", range: Self.whole("xa.c"))?.range == result.range)
            let moved = result.adjustingRanges(offset: 2)
            #expect(moved.range == NSRange(location: 3, length: 3))
            #expect(moved.icuRegularExpression == nil)
            #expect(foundation.firstMatch(in: "x1", range: Self.whole("x1"))?.icuRegularExpression == nil)
        }

        /// The example of the Getting Started article's "Coming from NSRegularExpression"
        /// (Sources/ICURegex/ICURegex.docc), with the results its comments promise.
        @Test func gettingStartedExample() throws {
            let phone = try ICURegularExpression(pattern: "[0-9]{3}-[0-9]{4}")
            let text = "call 555-1234"
            let match = phone.firstMatch(in: text, range: NSRange(location: 0, length: 13))
            #expect(match?.range == NSRange(location: 5, length: 8))
            let forOldCode: NSRegularExpression? = phone.foundationRegularExpression
            #expect(forOldCode != nil && forOldCode === match?.regularExpression)
            let fromOldCode = try ICURegularExpression(NSRegularExpression(pattern: "x+"))
            #expect(fromOldCode.pattern == "x+")
            #expect(match?.icuRegularExpression === phone)
        }

        /// `replacementString(for:in:offset:template:)` with an offset (the text moved by earlier
        /// replacements), with Foundation's results as well as its own, and with a group past
        /// the result's last.
        @Test func replacementStringWithOffsets() throws {
            let pattern = "(\\w+)@(\\w+)(x)?"
            let text = "to ann@example, bob@test"
            let ours = try ICURegularExpression(pattern: pattern)
            let foundation = try NSRegularExpression(pattern: pattern)
            let shifted = "··" + text
            for (mine, theirs) in zip(ours.matches(in: text, range: Self.whole(text)), foundation.matches(in: text, range: Self.whole(text))) {
                for template in ["$2: $1", "<$0>", "$3$4$9", "\\$1 $10", "$"] {
                    for (string, offset) in [(text, 0), (shifted, 2)] {
                        let expected = foundation.replacementString(for: theirs, in: string, offset: offset, template: template)
                        #expect(ours.replacementString(for: mine, in: string, offset: offset, template: template) == expected)
                        #expect(ours.replacementString(for: theirs, in: string, offset: offset, template: template) == expected)
                    }
                }
            }
            let first = try #require(ours.firstMatch(in: text, range: Self.whole(text)))
            #expect(ours.replacementString(for: first, in: text, offset: 0, template: "$2: $1") == "example: ann")
        }
    }
}
