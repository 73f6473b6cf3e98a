import Glibc
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
    /// The term that ``lineCandidates`` is, when it is one term: a line the prefilter proves
    /// to match holds it.
    let lineCandidateTerm: Int?
    /// For each term that is a string matched with case and spanning nothing more (no `-i`,
    /// `-w`, `-x`), its UTF-8 bytes: such a term is decided by a byte search.
    let literals: [[UInt8]?]
    /// The alternation of all terms, for the file scope, which must see every term's lines.
    let allTerms: LinePatterns?
    let scope: Configuration.QueryScope
    /// With `--multiline`, each term that may match a line terminator compiled for a
    /// multi-line search (``MultilineSearcher``), indexed by term; nil for the others (a
    /// term that cannot hold a line end is matched line by line, with or without
    /// `--multiline`). Empty without `--multiline`.
    let spanningTerms: [MultilinePatterns?]
    /// The indices of the terms in ``spanningTerms``.
    let spanningTermIndices: [Int]
    /// The configuration of the terms, their ICU texts as ``Configuration/translatedPatterns``
    /// and one case rule for all, from which alternations of some of them are compiled.
    private let termConfiguration: Configuration

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
        shared.translatedPatterns = texts
        termConfiguration = shared
        func subset(_ indices: [Int]) -> Configuration { Self.subset(indices, of: shared) }
        var terms: [LinePatterns] = []
        for index in texts.indices {
            terms.append(try LinePatterns(configuration: subset([index])))
        }
        self.terms = terms
        let matchedAsWritten = !shared.patternOptions.contains(.caseInsensitive) && shared.patternWrapper == .none
        literals = texts.map { matchedAsWritten ? Self.literal(ofPattern: $0).map { Array($0.utf8) } : nil }
        if let required = query.requiredTerms(commonness: { terms[$0].strategy.literalCommonness ?? Int.max }) {
            lineCandidates = required.isEmpty ? nil : try? LinePatterns(configuration: subset(required))
            holdsOffCandidates = false
            lineCandidateTerm = required.count == 1 ? required[0] : nil
        } else {
            lineCandidates = texts.isEmpty ? nil : try? LinePatterns(configuration: subset(Array(texts.indices)))
            holdsOffCandidates = query.holdsWithoutTerms
            lineCandidateTerm = nil
        }
        allTerms = scope == .file && !texts.isEmpty ? try? LinePatterns(configuration: subset(Array(texts.indices))) : nil
        var spanning: [MultilinePatterns?] = []
        if configuration.multiline {
            for (index, text) in texts.enumerated() {
                let compiled: MultilinePatterns
                do {
                    compiled = try MultilinePatterns(
                        patterns: [text], options: shared.multilinePatternOptions, wrapper: shared.patternWrapper,
                        limits: shared.limits, terminator: configuration.nullData ? 0 : UInt8(ascii: "\n"))
                } catch {
                    throw SearchRun.PatternError(pattern: configuration.patterns[index], icuError: error)
                }
                spanning.append(compiled.facts.mayMatchTerminator ? compiled : nil)
            }
        }
        spanningTerms = spanning
        spanningTermIndices = spanning.indices.filter { spanning[$0] != nil }
    }

    /// True when the input is read before it is searched: in the file scope, to decide it;
    /// with terms that span lines, to find the lines their matches touch.
    var readsInputFirst: Bool { scope == .file || !spanningTermIndices.isEmpty }

    /// The configuration of the terms with these indices of `configuration`'s.
    private static func subset(_ indices: [Int], of configuration: Configuration) -> Configuration {
        var subset = configuration
        subset.patterns = indices.map { configuration.patterns[$0] }
        subset.translatedPatterns = indices.map { configuration.translatedPatterns![$0] }
        subset.patternOrigins = indices.map { $0 < configuration.patternOrigins.count ? configuration.patternOrigins[$0] : nil }
        return subset
    }

    /// The alternation of the terms with these indices, compiled (nil when it cannot be, or
    /// for none): the file scope's prefilter once some terms are found.
    func alternation(of indices: [Int]) -> LinePatterns? {
        indices.isEmpty ? nil : try? LinePatterns(configuration: Self.subset(indices, of: termConfiguration))
    }

    /// The string that the ICU pattern `text` matches, when it matches one string only: a
    /// quoted string (``PatternAssembler/quoted(_:)``), or a non-empty text of letters, digits,
    /// spaces and punctuation that ICU reads as itself; nil otherwise.
    static func literal(ofPattern text: String) -> String? {
        if text.hasPrefix("\\Q"), let unquoted = PatternAssembler.unquoted(text), !unquoted.isEmpty { return unquoted }
        guard !text.isEmpty else { return nil }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " ,;:'\"!%&/=<>@_~`-".unicodeScalars.contains(scalar)
                else { return nil }
            } else if !scalar.properties.isAlphabetic {
                // Beyond ASCII, letters only: nothing ICU might read as a space or a class.
                return nil
            }
        }
        return text
    }

    /// The patterns whose matches are shown (`-o`, `--color`, `--json`): the positive terms
    /// (``BooleanQuery/positiveTerms(termCount:)``), as the indices of
    /// ``Configuration/patterns``.
    static func positiveTerms(of query: BooleanQuery, termCount: Int) -> [Int] {
        query.positiveTerms(termCount: termCount).enumerated().filter { $0.element }.map { $0.offset }
    }
}

/// Decides a ``BooleanQuery`` on lines, for one thread: each term's own ``LineSearcher`` (or a
/// byte search for a string), asked only when the query's value still depends on the term,
/// and at most once per line.
///
/// The query is kept flattened, and the searchers lent through `Unmanaged`, so that deciding a
/// line costs no reference counting.
final class QueryLineMatcher {
    let patterns: QueryPatterns
    private let termSearchers: [LineSearcher]
    private let lentSearchers: [Unmanaged<LineSearcher>]
    /// The prefilter of the line scope (``QueryPatterns/lineCandidates``), when there is one.
    let lineCandidateSearcher: LineSearcher?
    /// The prefilter of the file scope (``QueryPatterns/allTerms``), when there is one.
    let allTermsSearcher: LineSearcher?

    /// The nodes: for each, its kind (0 term, 1 not, 2 and, 3 or), and its term, its child, or
    /// the range of its children in ``children``.
    private let kinds: UnsafeMutableBufferPointer<UInt8>
    private let firsts: UnsafeMutableBufferPointer<Int>
    private let counts: UnsafeMutableBufferPointer<Int>
    private let children: UnsafeMutableBufferPointer<Int>
    private let root: Int
    /// Each term's bytes, when a byte search decides it (``QueryPatterns/literals``).
    private let literalStarts: UnsafeMutableBufferPointer<UnsafeMutablePointer<UInt8>?>
    private let literalCounts: UnsafeMutableBufferPointer<Int>
    private let literalRareOffsets: UnsafeMutableBufferPointer<Int>
    /// For each term that spans lines (``QueryPatterns/spanningTerms``), the lines its
    /// matches touch in the input being searched, as ascending byte ranges of runs of lines
    /// (found by ``FileSearcher/findSpanningLines(input:reopen:)``), and how far
    /// ``spannedLineIndex`` went in them.
    var spannedLines: [[Range<Int>]]
    private var spannedLineIndex: [Int]
    /// The pieces of the matches of the positive terms that span lines in the input being
    /// searched, as byte ranges of the input, ascending by start (``setSpannedLines(_:pieces:)``).
    private var spannedPieces: [Range<Int>] = []
    private var spannedPieceIndex = 0
    /// The offset in the input of the line being decided, for the terms that span lines.
    @exclusivity(unchecked) var lineOffset = 0
    /// For each term, the line (``lineStamp``) whose value ``knownValues`` holds.
    private let knownStamps: UnsafeMutableBufferPointer<Int>
    private let knownValues: UnsafeMutableBufferPointer<Bool>
    @exclusivity(unchecked) private var lineStamp = 0

    init(_ patterns: QueryPatterns) throws(ICURegexError) {
        self.patterns = patterns
        var searchers: [LineSearcher] = []
        for term in patterns.terms {
            searchers.append(try LineSearcher(term))
        }
        termSearchers = searchers
        lentSearchers = searchers.map { Unmanaged.passUnretained($0) }
        lineCandidateSearcher = try patterns.lineCandidates.map { (candidates) throws(ICURegexError) in try LineSearcher(candidates) }
        allTermsSearcher = try patterns.allTerms.map { (terms) throws(ICURegexError) in try LineSearcher(terms) }
        let nodes = patterns.query.nodes
        kinds = .allocate(capacity: max(nodes.count, 1))
        firsts = .allocate(capacity: max(nodes.count, 1))
        counts = .allocate(capacity: max(nodes.count, 1))
        var flatChildren: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .term(let term): (kinds[index], firsts[index], counts[index]) = (0, term, 0)
            case .not(let child): (kinds[index], firsts[index], counts[index]) = (1, child, 0)
            case .and(let list), .or(let list):
                if case .and = node { kinds[index] = 2 } else { kinds[index] = 3 }
                firsts[index] = flatChildren.count
                counts[index] = list.count
                flatChildren += list
            }
        }
        children = .allocate(capacity: max(flatChildren.count, 1))
        _ = children.initialize(from: flatChildren)
        root = patterns.query.root
        let termCount = patterns.terms.count
        literalStarts = .allocate(capacity: max(termCount, 1))
        literalCounts = .allocate(capacity: max(termCount, 1))
        literalRareOffsets = .allocate(capacity: max(termCount, 1))
        for term in 0..<termCount {
            if let literal = patterns.literals[term] {
                let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: literal.count)
                bytes.initialize(from: literal, count: literal.count)
                literalStarts[term] = bytes
                literalCounts[term] = literal.count
                literalRareOffsets[term] = literal.indices.min { TextFrequencyRank.rank(ofByte: literal[$0]) < TextFrequencyRank.rank(ofByte: literal[$1]) } ?? 0
            } else {
                literalStarts[term] = nil
                literalCounts[term] = 0
                literalRareOffsets[term] = 0
            }
        }
        spannedLines = Array(repeating: [], count: termCount)
        spannedLineIndex = Array(repeating: 0, count: termCount)
        knownStamps = .allocate(capacity: max(termCount, 1))
        knownStamps.initialize(repeating: -1)
        knownValues = .allocate(capacity: max(termCount, 1))
        knownValues.initialize(repeating: false)
    }

    deinit {
        for term in 0..<termSearchers.count { literalStarts[term]?.deallocate() }
        for buffer in [firsts, counts, children, knownStamps, literalCounts, literalRareOffsets] { buffer.deallocate() }
        kinds.deallocate()
        literalStarts.deallocate()
        knownValues.deallocate()
    }

    /// The number of terms.
    var termCount: Int { termSearchers.count }

    /// Lines longer than this are matched on their UTF-8 bytes rather than decoded to UTF-16,
    /// as ``FileSearcher`` does.
    private static var longLineLength: Int { 16 << 20 }
    private let decoder = UTF16LineBuffer()
    /// The UTF-16 form of the line last decoded (where it starts, its length, its units),
    /// reused while the same line's terms need ICU.
    @exclusivity(unchecked) private var decodedLine: (start: UnsafeRawPointer?, count: Int, units: UnsafeBufferPointer<UInt16>)?

    /// Forgets the decoded line: the next line may be at the same place.
    func startLine() {
        decodedLine = nil
    }

    /// The line as ICU reads it: decoded to UTF-16 once per line, or its bytes when very long.
    private func text(of content: UnsafeRawBufferPointer) -> LineText {
        if content.count > Self.longLineLength { return .utf8(content) }
        if let decodedLine, decodedLine.start == content.baseAddress, decodedLine.count == content.count {
            return .utf16(decodedLine.units)
        }
        var isASCII = false
        let units = decoder.decode(content, isASCII: &isASCII)
        decodedLine = (content.baseAddress, content.count, units)
        return .utf16(units)
    }

    /// Whether `content` holds the `count` bytes at `literal`: each place where the byte at
    /// `rareOffset` (its rarest) occurs is compared.
    @inline(__always)
    private static func contains(
        _ content: UnsafeRawBufferPointer, _ literal: UnsafeMutablePointer<UInt8>, count: Int, rareOffset: Int
    ) -> Bool {
        guard let base = content.baseAddress, content.count >= count else { return false }
        let rare = Int32(literal[rareOffset])
        // The rare byte's positions at which the literal fits in the line.
        var position = rareOffset
        let last = content.count - count + rareOffset
        while position <= last {
            guard let hit = memchr(base + position, rare, last + 1 - position) else { return false }
            let offset = UnsafeRawPointer(hit) - base
            if memcmp(base + offset - rareOffset, literal, count) == 0 { return true }
            position = offset + 1
        }
        return false
    }

    /// Whether the query holds on the line `content`. `holding` is a term known to match the
    /// line (proved by the prefilter), or nil.
    /// - Throws: ``ICURegexError`` when ICU stops a term's search at a limit.
    func holds(on content: UnsafeRawBufferPointer, holding: Int? = nil) throws(ICURegexError) -> Bool {
        lineStamp += 1
        decodedLine = nil
        if let holding {
            knownStamps[holding] = lineStamp
            knownValues[holding] = true
        }
        return try value(of: root, on: content)
    }

    private func value(of node: Int, on content: UnsafeRawBufferPointer) throws(ICURegexError) -> Bool {
        switch kinds[node] {
        case 0:
            let term = firsts[node]
            if knownStamps[term] == lineStamp { return knownValues[term] }
            let value = try termMatches(term, on: content)
            knownStamps[term] = lineStamp
            knownValues[term] = value
            return value
        case 1:
            return try !value(of: firsts[node], on: content)
        case 2:
            for index in firsts[node]..<(firsts[node] + counts[node]) where try !value(of: children[index], on: content) {
                return false
            }
            return true
        default:
            for index in firsts[node]..<(firsts[node] + counts[node]) where try value(of: children[index], on: content) {
                return true
            }
            return false
        }
    }

    /// Sets the lines that the terms spanning lines touch in the next input (indexed by term,
    /// each ascending), which lines are then decided in ascending order.
    /// `pieces` are the pieces of the positive ones' matches, which ``spannedPieces(in:)``
    /// gives line by line.
    func setSpannedLines(_ lines: [[Range<Int>]], pieces: [Range<Int>]) {
        spannedLines = lines
        for term in spannedLineIndex.indices { spannedLineIndex[term] = 0 }
        spannedPieces = pieces.sorted { $0.lowerBound < $1.lowerBound }
        spannedPieceIndex = 0
    }

    /// The pieces of the positive spanning terms' matches in the line `line` (a byte range of
    /// the input), relative to its start, ascending; lines are asked about in ascending order.
    func spannedPieces(in line: Range<Int>) -> [Range<Int>] {
        guard !spannedPieces.isEmpty else { return [] }
        var index = spannedPieceIndex
        if index > 0 && index <= spannedPieces.count && spannedPieces[index - 1].lowerBound >= line.lowerBound { index = 0 }
        while index < spannedPieces.count && spannedPieces[index].lowerBound < line.lowerBound { index += 1 }
        spannedPieceIndex = index
        var found: [Range<Int>] = []
        while index < spannedPieces.count && spannedPieces[index].lowerBound < line.upperBound {
            let piece = spannedPieces[index]
            found.append((piece.lowerBound - line.lowerBound)..<(min(piece.upperBound, line.upperBound) - line.lowerBound))
            index += 1
        }
        return found
    }

    /// Whether a match of the term `term`, which spans lines, touches the line at
    /// ``lineOffset``: a forward walk through its ranges, as lines come in ascending order
    /// (from the first range again when a line comes before the last one asked about).
    private func spannedLineHolds(_ term: Int) -> Bool {
        let ranges = spannedLines[term]
        var index = spannedLineIndex[term]
        if index > 0 && index <= ranges.count && ranges[index - 1].upperBound > lineOffset { index = 0 }
        while index < ranges.count && ranges[index].upperBound <= lineOffset { index += 1 }
        spannedLineIndex[term] = index
        return index < ranges.count && ranges[index].lowerBound <= lineOffset
    }

    /// Whether term `term` matches the line `content`: for a term that spans lines, whether
    /// one of its matches touches the line; by a byte search for a string, by its match
    /// automaton on the bytes when that can tell, else by ICU.
    func termMatches(_ term: Int, on content: UnsafeRawBufferPointer) throws(ICURegexError) -> Bool {
        if !patterns.spanningTermIndices.isEmpty && patterns.spanningTerms[term] != nil {
            return spannedLineHolds(term)
        }
        if let literal = literalStarts[term] {
            return Self.contains(content, literal, count: literalCounts[term], rareOffset: literalRareOffsets[term])
        }
        let outcome = lentSearchers[term]._withUnsafeGuaranteedRef { searcher in
            searcher.firstMatchWithoutICU(inUTF8: content, from: 0)
        }
        switch outcome {
        case .match: return true
        case .noMatch: return false
        case .unknown: return try termSearchers[term].firstMatch(in: text(of: content), from: 0) != nil
        }
    }
}
