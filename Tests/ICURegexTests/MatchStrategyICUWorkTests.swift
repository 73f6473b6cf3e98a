@testable import ICURegex
import Testing

extension LibraryTests {
    /// ICU's work counted toward the lazy ways (``MatchStrategy/unitsOfICUWork``): a pattern on
    /// which ICU backtracks heavily over a short text gets its match automaton within two
    /// searches, whichever API searches, where counting units alone took dozens; a pattern on
    /// which ICU does not backtrack counts no work. Asserted through the automata's state, with
    /// every answer compared with ICU's alone.
    @Suite struct MatchStrategyICUWorkTests {
        /// rebar's `cloud-flare-redos/simplified-*` pattern: ICU's first `.*` backs up over the
        /// whole text, and the second runs again from each place, saving a state per unit.
        static let pattern = ".*.*=.*"

        /// `x=` and then `count` `x`s: ICU saves about `count * count / 2` states.
        static func text(_ count: Int) -> [UInt16] { Array(("x=" + String(repeating: "x", count: count)).utf16) }

        /// ICU's first match alone.
        static func icuFirstMatch(_ text: [UInt16]) throws -> Range<Int>? {
            let icu = try RegexPattern(pattern, options: [], limits: .default, usesSearchPlan: false)
            return try text.withUnsafeBufferPointer { try firstMatch(of: icu, in: $0) }
        }

        /// The first match of `compiled` in `text`, as a range.
        static func firstMatch(of compiled: RegexPattern, in text: UnsafeBufferPointer<UInt16>) throws -> Range<Int>? {
            let found = try compiled.firstRange(inUTF16: text)
            return found.isNotFound ? nil : found.location..<(found.location + found.length)
        }

        @Test func firstMatchOfAShortTextGetsTheAutomatonAtTheSecondSearch() throws {
            // 2,002 units: shorter than the plan takes, 33 searches' worth of units without
            // ICU's work; ICU saves about two million states, some 200 callbacks.
            let text = Self.text(2000)
            let expected = try Self.icuFirstMatch(text)
            #expect(expected == 0..<2002)
            let compiled = try RegexPattern(Self.pattern)
            let automata = try #require(compiled.matchAutomata)
            #expect(compiled.strategy.unitsOfICUWork == 0)
            let first = try text.withUnsafeBufferPointer { try Self.firstMatch(of: compiled, in: $0) }
            #expect(first == expected)
            #expect(compiled.strategy.unitsOfICUWork >= SearchPlan.automatonSearchLength)
            #expect(automata.state == .unknown)
            let second = try text.withUnsafeBufferPointer { try Self.firstMatch(of: compiled, in: $0) }
            #expect(second == expected)
            #expect(automata.state == .present)
        }

        @Test func walkOverALongerTextGetsTheAutomatonAtTheSecondWalk() throws {
            // 5,002 units: the walk takes the plan, whose run ICU searches.
            let text = Self.text(5000)
            let expected = try Self.icuFirstMatch(text)
            let compiled = try RegexPattern(Self.pattern)
            let automata = try #require(compiled.matchAutomata)
            for walk in 0..<2 {
                let found = text.withUnsafeBufferPointer { Array(compiled.matches(inUTF16: $0).map(\.range)) }
                #expect(found == [expected].compactMap { $0 }, "walk \(walk)")
            }
            #expect(automata.state == .present)
            // The third walk takes it from the start.
            let found = text.withUnsafeBufferPointer { Array(compiled.matches(inUTF16: $0).map(\.range)) }
            #expect(found == [expected].compactMap { $0 })
        }

        @Test func matcherGetsTheAutomatonWithinItsFirstWalk() throws {
            let text = Self.text(2000)
            let expected = try Self.icuFirstMatch(text)
            let compiled = try RegexPattern(Self.pattern)
            let automata = try #require(compiled.matchAutomata)
            let matcher = try compiled.makeMatcher()
            try text.withUnsafeBufferPointer { units in
                let first = try matcher.firstMatch(inUTF16: units, from: 0)
                #expect(first == expected)
                #expect(automata.state == .unknown)
                // The search from the match's end, as a loop over every match makes next.
                #expect(try matcher.firstMatch(inUTF16: units, from: units.count) == nil)
            }
            #expect(automata.state == .present)
        }

        @Test func searchesWithoutBacktrackingCountNoWork() throws {
            let compiled = try RegexPattern("[0-9]+-[a-z]+")
            let text = Array("call 555-abc now, then 42-x".utf16)
            for _ in 0..<20 {
                let found = try text.withUnsafeBufferPointer { try Self.firstMatch(of: compiled, in: $0) }
                #expect(found == 5..<12)
            }
            #expect(compiled.strategy.unitsOfICUWork == 0)
            #expect(compiled.matchAutomata?.state == .unknown)
        }
    }
}
