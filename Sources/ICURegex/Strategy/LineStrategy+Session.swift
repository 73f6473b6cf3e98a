import CByteScan

extension LineStrategy {
    /// One thread's line search with a ``LineStrategy``: the ICU matchers, the scanners and
    /// automata the strategy's ways need, made the thread's own, and what it has measured of
    /// the text (``CandidateStrategyChooser``). It takes the ways the strategy chose and
    /// decides nothing of its own; each way's argument is given with the strategy's rule, or in
    /// the type that implements it.
    struct Session: ~Copyable {
        /// The strategy whose ways the session takes.
        let strategy: LineStrategy
        /// The matcher of the first (usually the only) pattern, kept apart from the array so
        /// that the common case reads it without the array's bounds check and reference
        /// counting.
        private unowned(unsafe) let primary: RegexMatcher
        private let matchers: [RegexMatcher]
        /// The literal prefilter, when the patterns have required literals, and the automaton
        /// prefilter, when the patterns have one: owned here.
        private let ownedCandidateFinder: CandidateLineFinder?
        private let ownedAutomaton: LineAutomaton?
        /// The same two, for the per-line questions: through `Unmanaged`, whose guaranteed
        /// reference lends them without the retain and release that even a constant stored
        /// reference costs on every call (the owners above keep them alive).
        private let candidateFinder: Unmanaged<CandidateLineFinder>?
        private let automaton: Unmanaged<LineAutomaton>?
        /// For each matcher, whether the matches reported (``reportedMatch(in:from:)``) are
        /// extended to the longest (see ``LineStrategy/extendsMatches(of:prefersLongestMatches:)``).
        private let extendsMatches: [Bool]
        /// The one pattern's literal, when its matches are the literal's occurrences (see
        /// ``LineStrategy/patternLiteral(patternCount:prefersLongestMatches:)``).
        private let patternLiteral: ProbedLiteral?
        /// The probe, bytes and length of ``patternLiteral``, which it owns, copied out of it
        /// so that the question about each match costs no retain and release of the literal.
        private let patternLiteralParts: (probe: UnsafePointer<bytescan_probe>, bytes: UnsafePointer<UInt8>, count: Int)?
        /// True when the one pattern has a match automaton that the line search may use.
        let hasMatchAutomaton: Bool
        /// The one pattern's match automaton, lent through `Unmanaged` (as ``candidateFinder``
        /// is) for the questions about each line and each match: the automaton of the
        /// primary matcher's ``MatchStrategy/Session``, which keeps it, made at the first
        /// question about where a line matches, which a search that prints only the lines its
        /// prefilter proves never asks (see ``matchAutomaton()``).
        private var lentMatchAutomaton: Unmanaged<MatchAutomaton>?
        /// Finds the one pattern's matches in a line from the occurrences of the literal that
        /// ends them (``LineStrategy/suffixLiteral``), with the match automaton.
        let reverseSuffixSearch: ReverseSuffixSearch?
        /// The same, lent through `Unmanaged` for the questions about each line and each match.
        private let lentReverseSuffixSearch: Unmanaged<ReverseSuffixSearch>?
        /// True when the strategy has edge literals (``LineStrategy/edgeLiterals``), for the
        /// question asked of each line the literals propose: the optional enumeration's own test
        /// for nil reads its payload's spare bits, about twenty instructions a line.
        private let hasEdgeLiterals: Bool
        /// Chooses how candidates are found when the strategy's way is
        /// ``LineStrategy/CandidateWay/measured``.
        private(set) var strategyChooser = CandidateStrategyChooser()

        /// Makes the ICU matchers and the prefilter for `patterns`.
        init(_ patterns: LinePatterns) throws(ICURegexError) {
            let strategy = patterns.strategy
            self.strategy = strategy
            var matchers: [RegexMatcher] = []
            for pattern in patterns.patterns {
                matchers.append(try pattern.makeMatcher())
            }
            self.matchers = matchers
            primary = matchers[0]
            ownedCandidateFinder = strategy.requiredLiterals.map(CandidateLineFinder.init)
            ownedAutomaton = strategy.lineAutomatonPlan.map(LineAutomaton.init)
            candidateFinder = ownedCandidateFinder.map { Unmanaged.passUnretained($0) }
            automaton = ownedAutomaton.map { Unmanaged.passUnretained($0) }
            extendsMatches = strategy.extendsMatches(of: patterns.patterns, prefersLongestMatches: patterns.prefersLongestMatches)
            patternLiteral = strategy.patternLiteral(
                patternCount: matchers.count, prefersLongestMatches: patterns.prefersLongestMatches)
            patternLiteralParts = patternLiteral.map { (UnsafePointer($0.probe), UnsafePointer($0.bytes), $0.count) }
            hasMatchAutomaton = strategy.findsMatchesWithoutICU && matchers.count == 1 && patterns.patterns[0].matchAutomata != nil
            let prefilter = ownedCandidateFinder
            reverseSuffixSearch = strategy.suffixLiteral.map { ReverseSuffixSearch($0, prefilter: prefilter) }
            lentReverseSuffixSearch = reverseSuffixSearch.map { Unmanaged.passUnretained($0) }
            hasEdgeLiterals = strategy.edgeLiterals != nil
        }

        /// The one pattern's match automaton, lent: made now, as the primary matcher's own
        /// (``RegexMatcher/lineMatchAutomaton()``), at the first question that needs it; nil
        /// when the line search has none (``hasMatchAutomaton``).
        @inline(__always)
        private mutating func matchAutomaton() -> Unmanaged<MatchAutomaton>? {
            if let lentMatchAutomaton { return lentMatchAutomaton }
            guard hasMatchAutomaton, let made = primary.lineMatchAutomaton() else { return nil }
            lentMatchAutomaton = Unmanaged.passUnretained(made)
            return lentMatchAutomaton
        }

        // MARK: A line's matches

        /// The first match in `text` that starts at or after `from`, in the text's units; with
        /// several separately compiled patterns, the leftmost of their first matches (the
        /// earlier pattern when two start together, as in an alternation).
        /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
        ///   when ICU stops the search.
        mutating func firstMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
            if let matcher = strategy.longestLiteralMatcher {
                return matcher.firstMatch(in: text, from: from)
            }
            if matchers.count == 1 {
                guard strategy.findsMatchesWithoutICU else { return try Self.icuFirstMatch(primary, in: text, from: from) }
                // The pattern's own strategy, whose session holds the match automaton from the
                // line search's first question on.
                _ = matchAutomaton()
                return try Self.firstMatch(primary, in: text, from: from)
            }
            var best: Range<Int>? = nil
            for matcher in matchers {
                // Each matcher uses its pattern's strategy, unless the search is to be ICU's
                // alone.
                let found = try strategy.findsMatchesWithoutICU
                    ? Self.firstMatch(matcher, in: text, from: from) : Self.icuFirstMatch(matcher, in: text, from: from)
                guard let found else { continue }
                if best == nil || found.lowerBound < best!.lowerBound {
                    best = found
                }
            }
            return best
        }

        /// The match to report (print with `-o`, color) that starts at or after `from`: the
        /// first match, or, when the patterns follow POSIX's leftmost-longest rule
        /// (``LinePatterns/prefersLongestMatches``), of the matches of any pattern that start
        /// where it starts, the longest.
        /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``.
        mutating func reportedMatch(in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
            guard let first = try firstMatch(in: text, from: from) else { return nil }
            guard extendsMatches.contains(true) else { return first }
            // The one pattern's match automaton knows the longest match from the first one's
            // start (the threads that outlive a match are kept); ICU is asked when it cannot
            // tell.
            if let lent = matchAutomaton(),
                case .match(let longest) = lent._withUnsafeGuaranteedRef({ Self.longestMatch($0, in: text, startingAt: first.lowerBound) }),
                longest.upperBound >= first.upperBound
            {
                return longest
            }
            var end = first.upperBound
            for (matcher, extends) in zip(matchers, extendsMatches) where extends {
                let longer: Int?
                switch text {
                case .utf16(let units):
                    longer = try matcher.longestMatchEnd(inUTF16: units, start: first.lowerBound, after: end)
                case .utf8(let bytes):
                    longer = try matcher.longestMatchEnd(inUTF8: bytes, start: first.lowerBound, after: end)
                }
                if let longer { end = longer }
            }
            return first.lowerBound..<end
        }

        /// True when the matches to report may be found in a line's UTF-8 bytes without ICU
        /// (``reportedMatchWithoutICU(inUTF8:from:)``).
        var findsReportedMatchesWithoutICU: Bool { patternLiteral != nil || hasMatchAutomaton }

        /// True when every match reported is the one pattern's literal, which is well-formed
        /// UTF-8 (``LineStrategy/patternLiteral(patternCount:prefersLongestMatches:)``): no
        /// match holds an encoding error.
        var reportedMatchesAreWellFormed: Bool { patternLiteral != nil }

        /// The match to report that starts at or after `from` in the UTF-8 line `bytes`, as
        /// ``reportedMatch(in:from:)`` finds it, without ICU; ``MatchAutomaton/Outcome/unknown``
        /// when the ways cannot tell. The ways, in order: the occurrences of the pattern's
        /// literal (``LineStrategy/patternLiteral(patternCount:prefersLongestMatches:)``); the
        /// reverse-suffix search from the occurrences of the literal that ends every match
        /// (``LineStrategy/suffixLiteral``), not reading the line from `from`; the match
        /// automaton, which answers as ICU does (see ``MatchAutomaton``); then, for POSIX's
        /// longest matches, the automaton's longest match from the first one's start.
        mutating func reportedMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
            if let literal = patternLiteralParts {
                guard let base = bytes.baseAddress, from <= bytes.count else { return .noMatch }
                // The prefilter's scanner is the same literal's: its scan of the block found the
                // occurrences of the line already.
                let start = candidateFinder?._withUnsafeGuaranteedRef { $0.occurrenceOfLiteral(in: bytes, from: from) }
                    ?? bytescan_find_literal(base, from, bytes.count, literal.probe, literal.bytes, literal.count)
                return start < bytes.count ? .match(start..<(start + literal.count)) : .noMatch
            }
            guard let lentMatchAutomaton = matchAutomaton() else { return .unknown }
            return lentMatchAutomaton._withUnsafeGuaranteedRef { automaton in
                let first: MatchAutomaton.Outcome
                if let lentReverseSuffixSearch, let base = bytes.baseAddress {
                    first = lentReverseSuffixSearch._withUnsafeGuaranteedRef {
                        $0.firstMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), from: from, to: bytes.count, automaton: automaton)
                    }
                } else {
                    first = primary.firstMatchWithoutICU(inUTF8: bytes, from: from)
                }
                guard case .match(let match) = first, extendsMatches.first == true else { return first }
                switch Self.longestMatch(automaton, in: .utf8(bytes), startingAt: match.lowerBound) {
                case .match(let longest) where longest.upperBound >= match.upperBound: return .match(longest)
                default: return .unknown
                }
            }
        }

        /// The first match in the UTF-8 line `bytes` that starts at or after `from`, in byte
        /// offsets, as the one pattern's strategy finds it without ICU
        /// (``RegexMatcher/firstMatchWithoutICU(inUTF8:from:)``): what ``firstMatch(in:from:)``
        /// finds, or ``MatchAutomaton/Outcome/unknown`` when it cannot tell (ill-formed UTF-8,
        /// characters its classes do not know) or there is no match automaton.
        mutating func firstMatchWithoutICU(inUTF8 bytes: UnsafeRawBufferPointer, from: Int) -> MatchAutomaton.Outcome {
            guard matchAutomaton() != nil else { return .unknown }
            return primary.firstMatchWithoutICU(inUTF8: bytes, from: from)
        }

        @inline(__always)
        private static func longestMatch(_ automaton: MatchAutomaton, in text: LineText, startingAt start: Int) -> MatchAutomaton.Outcome {
            switch text {
            case .utf16(let units):
                guard let base = units.baseAddress else { return .unknown }
                return automaton.longestMatch(inUTF16: base, startingAt: start, to: units.count)
            case .utf8(let bytes):
                guard let base = bytes.baseAddress else { return .unknown }
                return automaton.longestMatch(inUTF8: base.assumingMemoryBound(to: UInt8.self), startingAt: start, to: bytes.count)
            }
        }

        @inline(__always)
        private static func firstMatch(_ matcher: RegexMatcher, in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
            switch text {
            case .utf16(let units):
                return try matcher.firstMatch(inUTF16: units, from: from)
            case .utf8(let bytes):
                return try matcher.firstMatch(inUTF8: bytes, from: from)
            }
        }

        /// ICU's first match, when the search is to be ICU's alone.
        @inline(__always)
        private static func icuFirstMatch(_ matcher: RegexMatcher, in text: LineText, from: Int) throws(ICURegexError) -> Range<Int>? {
            switch text {
            case .utf16(let units):
                return try matcher.icuFirstMatch(inUTF16: units, from: from)
            case .utf8(let bytes):
                return try matcher.icuFirstMatch(inUTF8: bytes, from: from)
            }
        }

        // MARK: Candidate lines

        /// True when a prefilter can tell lines that cannot match from the raw bytes.
        var hasPrefilter: Bool { strategy.candidateWay != .everyLine }

        /// See ``LineSearcher/forgetBlock(excludingNanoseconds:)``.
        mutating func forgetBlock(excludingNanoseconds excluded: UInt64) {
            candidateFinder?._withUnsafeGuaranteedRef { $0.forgetBlock() }
            lentReverseSuffixSearch?._withUnsafeGuaranteedRef { $0.forgetLine() }
            strategyChooser.startBlock(excluding: excluded)
        }

        /// See ``LineSearcher/scansBlocksFindingNUL``.
        var scansBlocksFindingNUL: Bool {
            guard let candidateFinder else { return false }
            return candidateFinder._withUnsafeGuaranteedRef { finder in
                // Teddy's candidates serve only the searches of its literals: where the automaton
                // may find a block's candidates, its scan would be a pass of its own.
                finder.scansBlocksFindingNUL
                    && (finder.scansOneLiteral || strategy.candidateWay == .literals || strategy.candidateWay == .literalsDecidingLines)
            }
        }

        /// See ``LineSearcher/scanBlockFindingNUL(_:from:)``.
        func scanBlockFindingNUL(_ block: UnsafeRawBufferPointer, from offset: Int) -> Int? {
            candidateFinder?._withUnsafeGuaranteedRef { $0.scanBlockFindingNUL(block, from: offset) }
        }

        /// See ``LineSearcher/forgetScannedBlock()``.
        func forgetScannedBlock() {
            candidateFinder?._withUnsafeGuaranteedRef { $0.forgetScannedBlock() }
        }

        /// The first line, at or after `offset` in `block`, that may match, and whether it
        /// certainly does, found the strategy's way (``LineStrategy/candidateWay``); see
        /// ``LineSearcher/nextCandidateLine(in:from:terminator:nulEndsLines:)``.
        @inline(__always)
        mutating func nextCandidateLine(
            in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool
        ) -> LineCandidate {
            switch strategy.candidateWay {
            case .everyLine:
                return LineCandidate(start: offset, verdict: .mayMatch)
            case .literals:
                return candidateFinder.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                    $0.nextCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
                }
            case .automaton:
                return automaton.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                    $0.firstCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
                }
            case .literalsDecidingLines:
                break
            case .measured:
                strategyChooser.noteQuestion(offset: offset, count: block.count)
                switch strategyChooser.blockStrategy {
                case .literalsThenAutomaton:
                    break
                case .automatonScan:
                    return automaton.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.firstCandidateLine(in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines)
                    }
                case .automatonLineByLine:
                    return automaton.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.firstCandidateLine(
                            in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines, linesOneByOne: true)
                    }
                }
            }
            return candidateFinder.unsafelyUnwrapped._withUnsafeGuaranteedRef { finder in
                automaton.unsafelyUnwrapped._withUnsafeGuaranteedRef { automaton in
                    checkedCandidateLine(
                        in: block, from: offset, terminator: terminator, nulEndsLines: nulEndsLines,
                        finder: finder, automaton: automaton)
                }
            }
        }

        /// The candidate finder, when the literals alone decide every line: there are no edge
        /// literals, whose lines the bytes around them decide, not the literals (see
        /// ``LineSearcher/countMatchingLines(in:from:terminator:)``).
        private var finderDecidingEveryLine: Unmanaged<CandidateLineFinder>? {
            strategy.edgeLiterals == nil ? candidateFinder : nil
        }

        /// See ``LineSearcher/countMatchingLines(in:from:terminator:)``.
        func countMatchingLines(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> Int? {
            finderDecidingEveryLine?._withUnsafeGuaranteedRef {
                $0.countMatchingLines(in: block, from: offset, terminator: terminator)
            } ?? nil
        }

        /// See ``LineSearcher/countMatches(in:from:terminator:)``.
        func countMatches(in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8) -> (lines: Int, matches: Int)? {
            finderDecidingEveryLine?._withUnsafeGuaranteedRef {
                $0.countMatches(in: block, from: offset, terminator: terminator)
            } ?? nil
        }

        /// See ``LineSearcher/lineRun(in:from:terminator:matching:)``.
        func lineRun(
            in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, matching: Bool
        ) -> (end: Int, lines: Int)? {
            finderDecidingEveryLine?._withUnsafeGuaranteedRef {
                $0.lineRun(in: block, from: offset, terminator: terminator, matching: matching)
            } ?? nil
        }

        /// The next line holding a required literal that the checks of
        /// ``LineStrategy/CandidateWay/literalsDecidingLines`` do not pass over, unless the
        /// literal alone proves the line matches or the bytes around it decide it.
        @inline(__always)
        private mutating func checkedCandidateLine(
            in block: UnsafeRawBufferPointer, from offset: Int, terminator: UInt8, nulEndsLines: Bool,
            finder: CandidateLineFinder, automaton: LineAutomaton
        ) -> LineCandidate {
            var position = offset
            while position < block.count {
                let candidate = finder.nextCandidateLine(in: block, from: position, terminator: terminator, nulEndsLines: nulEndsLines)
                if candidate.start >= block.count || candidate.verdict == .certainMatch {
                    return candidate
                }
                let lineEnd = LineBounds.end(ofLineStartingAt: candidate.start, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
                if hasEdgeLiterals {
                    switch strategy.edgeLiterals.unsafelyUnwrapped.verdict(onLineFrom: candidate.start, to: lineEnd, in: block) {
                    case .match:
                        return LineCandidate(start: candidate.start, verdict: .certainMatch)
                    case .noMatch:
                        position = lineEnd + 1
                        continue
                    case .unknown:
                        break
                    }
                }
                // A pattern whose literal ends its matches is decided at the literal's
                // occurrences, backwards from each, not by reading the line from its start.
                if let lentReverseSuffixSearch, let lentMatchAutomaton = matchAutomaton(), let base = block.baseAddress,
                    let hasMatch = lentReverseSuffixSearch._withUnsafeGuaranteedRef({ search in
                        lentMatchAutomaton._withUnsafeGuaranteedRef {
                            search.hasMatch(
                                inUTF8: base.assumingMemoryBound(to: UInt8.self), from: candidate.start, to: lineEnd, automaton: $0)
                        }
                    })
                {
                    if hasMatch { return LineCandidate(start: candidate.start, verdict: .certainMatch) }
                    position = lineEnd + 1
                    continue
                }
                if let verdict = automaton.verdict(
                    onLineFrom: candidate.start, to: lineEnd, in: block, terminator: terminator, nulEndsLines: nulEndsLines)
                {
                    return LineCandidate(start: candidate.start, verdict: verdict)
                }
                position = lineEnd + 1
            }
            return .none(in: block.count)
        }
    }
}
