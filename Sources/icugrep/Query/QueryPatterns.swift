import ICURegex

/// The terms of a ``BooleanQuery`` compiled once before any input is read and shared by every
/// thread: each term alone, to decide it on a line, and the terms joined for the prefilter
/// that finds the lines worth deciding.
///
/// Why the prefilter is right: a line holding none of the prefilter's terms has every one of
/// them false. With the query's required terms (``BooleanQuery/requiredTerms``), the query
/// is then false by their definition; with all its terms, it has the value it has without any
/// term (``BooleanQuery/holdsWithoutTerms``). Either way the lines the prefilter passes over
/// share one verdict, ``holdsOffCandidates``, and only the others are decided term by term.
struct QueryPatterns: Sendable {
    let query: BooleanQuery
    /// Each term compiled alone, with the run's options and `-w`/`-x` wrapper, indexed as
    /// ``Configuration/patterns``.
    let terms: [LinePatterns]
    /// The alternation of the required terms, or of all terms when there are none, for the
    /// line scope's prefilter; nil when it cannot be compiled (then every line is decided).
    let lineCandidates: LinePatterns?
    /// The verdict of a line holding none of the terms of ``lineCandidates``.
    let holdsOffCandidates: Bool
    /// The alternation of all terms, for the file scope, which must see every term's lines.
    let allTerms: LinePatterns?
    let scope: Configuration.QueryScope

    /// Compiles the terms of `configuration`'s query.
    /// - Throws: ``SearchRun/PatternError`` for the first term ICU rejects.
    init(query: BooleanQuery, configuration: Configuration) throws(SearchRun.PatternError) {
        self.query = query
        scope = configuration.queryScope
        let texts = configuration.patternTexts
        // One case rule for every term: -S looks at all of them together, as at all patterns.
        var shared = configuration
        shared.ignoreCase = configuration.patternOptions.contains(.caseInsensitive)
        shared.smartCase = false
        func subset(_ indices: [Int]) -> Configuration {
            var subset = shared
            subset.patterns = indices.map { configuration.patterns[$0] }
            subset.translatedPatterns = indices.map { texts[$0] }
            subset.patternOrigins = indices.map { $0 < configuration.patternOrigins.count ? configuration.patternOrigins[$0] : nil }
            return subset
        }
        var terms: [LinePatterns] = []
        for index in texts.indices {
            terms.append(try LinePatterns(configuration: subset([index])))
        }
        self.terms = terms
        if let required = query.requiredTerms {
            lineCandidates = required.isEmpty ? nil : try? LinePatterns(configuration: subset(required))
            holdsOffCandidates = false
        } else {
            lineCandidates = texts.isEmpty ? nil : try? LinePatterns(configuration: subset(Array(texts.indices)))
            holdsOffCandidates = query.holdsWithoutTerms
        }
        allTerms = scope == .file && !texts.isEmpty ? try? LinePatterns(configuration: subset(Array(texts.indices))) : nil
    }

    /// The patterns whose matches are shown (`-o`, `--color`, `--json`): the positive terms
    /// (``BooleanQuery/positiveTerms(termCount:)``), as the indices of
    /// ``Configuration/patterns``.
    static func positiveTerms(of query: BooleanQuery, termCount: Int) -> [Int] {
        query.positiveTerms(termCount: termCount).enumerated().filter { $0.element }.map { $0.offset }
    }
}

/// Decides a ``BooleanQuery`` on lines, for one thread: each term's own ``LineSearcher``,
/// asked only when the query's value still depends on the term, and at most once per line.
final class QueryLineMatcher {
    let patterns: QueryPatterns
    private let termSearchers: [LineSearcher]
    /// The prefilter of the line scope (``QueryPatterns/lineCandidates``), when there is one.
    let lineCandidateSearcher: LineSearcher?
    /// The prefilter of the file scope (``QueryPatterns/allTerms``), when there is one.
    let allTermsSearcher: LineSearcher?
    /// For each term, the line (``lineStamp``) whose value ``knownValues`` holds.
    private var knownStamps: [Int]
    private var knownValues: [Bool]
    private var lineStamp = 0

    init(_ patterns: QueryPatterns) throws(ICURegexError) {
        self.patterns = patterns
        var searchers: [LineSearcher] = []
        for term in patterns.terms {
            searchers.append(try LineSearcher(term))
        }
        termSearchers = searchers
        lineCandidateSearcher = try patterns.lineCandidates.map { (candidates) throws(ICURegexError) in try LineSearcher(candidates) }
        allTermsSearcher = try patterns.allTerms.map { (terms) throws(ICURegexError) in try LineSearcher(terms) }
        knownStamps = Array(repeating: -1, count: patterns.terms.count)
        knownValues = Array(repeating: false, count: patterns.terms.count)
    }

    /// The number of terms.
    var termCount: Int { termSearchers.count }

    /// Whether the query holds on the line `content`, whose text ICU reads is `text()` (asked
    /// only when a term's automaton cannot tell).
    /// - Throws: ``ICURegexError`` when ICU stops a term's search at a limit.
    func holds(on content: UnsafeRawBufferPointer, text: () -> LineText) throws(ICURegexError) -> Bool {
        lineStamp += 1
        return try patterns.query.holds { (term: Int) throws(ICURegexError) -> Bool in
            if knownStamps[term] == lineStamp { return knownValues[term] }
            let value = try termMatches(term, on: content, text: text)
            knownStamps[term] = lineStamp
            knownValues[term] = value
            return value
        }
    }

    /// Whether term `term` matches the line `content`: by its match automaton on the bytes
    /// when that can tell, else by ICU.
    func termMatches(_ term: Int, on content: UnsafeRawBufferPointer, text: () -> LineText) throws(ICURegexError) -> Bool {
        let searcher = termSearchers[term]
        if searcher.hasMatchAutomaton {
            switch searcher.firstMatchWithoutICU(inUTF8: content, from: 0) {
            case .match: return true
            case .noMatch: return false
            case .unknown: break
            }
        }
        return try searcher.firstMatch(in: text(), from: 0) != nil
    }
}
