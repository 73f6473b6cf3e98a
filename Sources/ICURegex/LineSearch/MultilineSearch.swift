import CByteScan
import CICUShim
import Glibc

/// What a pattern's syntax tells a search whose matches may span lines (`--multiline`): whether
/// a match can hold a line terminator at all, whether every match must, and the literals that
/// let the search skip to the places where a match can start.
package struct MultilineFacts: Sendable {
    /// False only when no match can hold the line terminator: every character of every match
    /// is one the pattern can consume, and the terminator is not among them. Then a search
    /// line by line finds the same matches (as ripgrep, which searches such a pattern line by
    /// line even with `-U`). True when unknown.
    package let mayMatchTerminator: Bool
    /// True when every match holds the line terminator: the pattern's syntax has the
    /// terminator as a literal character on every way through it (in every branch of an
    /// alternation, outside optional repetitions and look-around). Such a pattern never
    /// matches within a line.
    package let requiresTerminator: Bool
    /// Literals one of which every match contains, starting at most some UTF-16 units after
    /// the match's start; nil when none is known.
    package let nearLiterals: NearLiterals?
    /// Without ``nearLiterals``, a character that every match holds after a prefix that cannot
    /// hold it, which the search finds first (``InnerLiteralSearch``); nil when none is known.
    package let innerLiteral: InnerLiteral?
    /// The most UTF-8 bytes a match can take; nil when unbounded or unknown.
    package let maximumUTF8Length: Int?
    /// False only when the pattern never looks at the text before the line where its match
    /// starts: no look-behind and no `\G` (or the syntax is unknown). Then a match may be
    /// searched for in a slice of the text that starts at a line's start.
    package let mayLookBeforeLine: Bool

    /// The facts of the ICU pattern `pattern` compiled with `options`, for the line terminator
    /// `terminator` (`\n`, or NUL with `-z`).
    package init(pattern: String, options: RegexPattern.Options, terminator: UInt8) {
        let syntax = PatternReader.read(pattern)
        // A terminator in a literal is searched for: `Holmes\n` is rarer than `Holmes`.
        let facts = syntax.map {
            LiteralFacts.of($0, score: { $0.map { $0.count }.min() ?? 0 }, newlineIsSearchable: terminator == 0x0A)
        }
        let caseInsensitive = options.contains(.caseInsensitive)
        requiresTerminator = syntax.map { Self.requires(Unicode.Scalar(terminator), $0) } ?? false
        mayLookBeforeLine = syntax.map(Self.mayLookBack) ?? true
        nearLiterals = caseInsensitive ? nil : facts?.nearRequired
        innerLiteral = nearLiterals == nil ? syntax.flatMap { InnerLiteral(syntax: $0, options: options) } : nil
        // A UTF-16 unit is at most three bytes of UTF-8 (a surrogate pair, two units, is four).
        maximumUTF8Length = facts?.maximumUTF16Length.map { $0 * 3 }
        if let syntax, let read = CodePointPattern.reading(of: syntax),
            let consumable = ConsumableCharacters(read.pattern, options: options)
        {
            mayMatchTerminator = consumable.contains(UInt32(terminator))
        } else {
            mayMatchTerminator = true
        }
    }
}

extension MultilineFacts {
    /// ``requiresTerminator`` of the ICU pattern `pattern` alone, from its syntax, without the
    /// other facts (which may ask ICU about classes): for the warning of a line search.
    package static func requiresTerminator(pattern: String, terminator: UInt8) -> Bool {
        PatternReader.read(pattern).map { requires(Unicode.Scalar(terminator), $0) } ?? false
    }

    /// True when `node` may read text before the place it is tried at: a look-behind, `\G`.
    /// (`^` and `\b` at a line's start read only its terminator, which a slice from the line's
    /// start stands for by its own start.)
    static func mayLookBack(_ node: RegexSyntax) -> Bool {
        switch node {
        case .lookaround(_, .behind), .lookaround(_, .notBehind), .assertion(.previousMatchEnd), .opaque:
            return true
        case .lookaround(let body, _), .group(let body, _), .repetition(let body, _, _, _):
            return mayLookBack(body)
        case .sequence(let items), .alternation(let items):
            return items.contains(where: mayLookBack)
        case .character, .characterClass, .assertion:
            return false
        }
    }

    /// True when every match of `node` holds the character `scalar`, as the syntax shows.
    static func requires(_ scalar: Unicode.Scalar, _ node: RegexSyntax) -> Bool {
        switch node {
        case .character(let character):
            return character == scalar
        case .sequence(let items):
            return items.contains { requires(scalar, $0) }
        case .alternation(let items):
            return !items.isEmpty && items.allSatisfy { requires(scalar, $0) }
        case .group(let body, .flagged(let flags)):
            // Comments mode reads white space, a literal newline included, as nothing.
            return !flags.contains("x") && requires(scalar, body)
        case .group(let body, _):
            return requires(scalar, body)
        case .repetition(let body, let minimum, _, _):
            return minimum > 0 && requires(scalar, body)
        case .characterClass, .assertion, .lookaround, .opaque:
            return false
        }
    }
}

/// The outcome of one search of a window of text: its match, and whether the search read up
/// to the window's end, so that more text after it could have changed the outcome.
package struct WindowMatch: Equatable, Sendable {
    /// The match's byte offsets in the window, or nil.
    package var match: Range<Int>?
    /// True when ICU's search reached the window's end (`hitEnd`): with more text the match
    /// could be longer, another, or (for a failed search from one start) there.
    package var hitEnd: Bool
}

extension RegexMatcher {
    /// Sets the UTF-8 `window` as the text of the searches that follow
    /// (``windowMatch(from:anchored:)``); they see no text beyond it. The window must stay
    /// valid until ``endWindow()`` or the next window.
    /// - Throws: ``ICURegexError/illegalArgument`` when the window is longer than
    ///   `Int32.max` bytes, the most ICU's UTF-8 text takes.
    package func beginWindow(inUTF8 window: UnsafeRawBufferPointer) throws(ICURegexError) {
        let handle = try icuHandle()
        let code = icushim_regex_begin_utf8(
            handle, window.baseAddress?.assumingMemoryBound(to: CChar.self), Int64(window.count))
        if code > 0 { throw ICURegexError(rawValue: code) }
    }

    /// Sets the UTF-16 `window` (a slice of the text decoded, from a line's start) as the text
    /// of the searches that follow, which then take ICU's fast path for UTF-16 text in one
    /// chunk, several times faster per call than on UTF-8 text; offsets are then UTF-16 units.
    /// The window's start reads as the text's start (`^` and `\b` hold there as after a line
    /// terminator). It must stay valid until ``endWindow()`` or the next window.
    package func beginWindow(inUTF16 window: UnsafeBufferPointer<UInt16>) throws(ICURegexError) {
        let handle = try icuHandle()
        let code = icushim_regex_begin_utf16(handle, window.baseAddress, Int64(window.count))
        if code > 0 { throw ICURegexError(rawValue: code) }
    }

    /// Lets go of the window.
    package func endWindow() {
        if let handle = try? icuHandle() {
            _ = icushim_regex_begin_utf16(handle, nil, 0)
        }
    }

    /// ICU's search of the window from byte `start` (a character's start) to the window's end:
    /// the leftmost match that starts at or after `start`, or with `anchored` only a match that
    /// starts at `start`. The text before `start` is seen by look-behind, `^` and `\b`, and ICU
    /// alone searches (no automaton), so that its `hitEnd` is the search's.
    /// - Throws: ``ICURegexError/timeLimitExceeded`` or ``ICURegexError/stackLimitExceeded``
    ///   when the search hits a limit.
    package func windowMatch(from start: Int, anchored: Bool) throws(ICURegexError) -> WindowMatch {
        let handle = try icuHandle()
        // Both reset the region to the whole window and search from `start`.
        let match = try MatcherHandle.match { matchStart, matchEnd, errorCode in
            anchored
                ? icushim_regex_looking_at_from(handle, Int64(start), &matchStart, &matchEnd, &errorCode)
                : icushim_regex_find_from(handle, Int64(start), &matchStart, &matchEnd, &errorCode)
        }
        return WindowMatch(match: match, hitEnd: icushim_regex_end_flags(handle) & 1 != 0)
    }
}

/// The patterns of a search whose matches may span lines, compiled once and shared by the
/// searchers of every thread (each makes its own matchers), with their ``MultilineFacts``.
///
/// As for ``LinePatterns``, the patterns are joined into one alternation unless a back
/// reference would then refer to another pattern's group or ICU rejects the joined pattern;
/// then each is compiled on its own and the first match is the leftmost of theirs (the
/// earliest pattern's on a tie).
package struct MultilinePatterns: Sendable {
    /// The compiled patterns: one, or one per given pattern.
    package let patterns: [RegexPattern]
    /// The facts of the one pattern; with several, only whether a match may or must hold the
    /// terminator, and no literals.
    package let facts: MultilineFacts

    /// Compiles `texts` (fixed strings quoted already) with `options`, each wrapped in
    /// `wrapper`, for lines ended by `terminator`.
    /// - Throws: ICU's error for a pattern it rejects.
    package init(
        patterns texts: [String], options: RegexPattern.Options, wrapper: PatternWrapper, limits: RegexPattern.Limits,
        terminator: UInt8
    ) throws(ICURegexError) {
        if texts.count > 1 && !texts.contains(where: LinePatterns.mayHoldReference) {
            let text = PatternAssembler.wrapped(PatternAssembler.alternation(texts), in: wrapper, options: options)
            if let joined = try? RegexPattern(text, options: options, limits: limits) {
                patterns = [joined]
                facts = MultilineFacts(pattern: text, options: options, terminator: terminator)
                return
            }
        }
        var compiled: [RegexPattern] = []
        var each: [MultilineFacts] = []
        for text in texts {
            let wrapped = PatternAssembler.wrapped(text, in: wrapper, options: options)
            compiled.append(try RegexPattern(wrapped, options: options, limits: limits))
            each.append(MultilineFacts(pattern: wrapped, options: options, terminator: terminator))
        }
        patterns = compiled
        facts = each.count == 1 ? each[0] : MultilineFacts(
            mayMatchTerminator: each.contains { $0.mayMatchTerminator },
            requiresTerminator: each.allSatisfy { $0.requiresTerminator })
    }
}

extension MultilineFacts {
    /// Facts of several patterns searched together: no literals.
    init(mayMatchTerminator: Bool, requiresTerminator: Bool) {
        self.mayMatchTerminator = mayMatchTerminator
        self.requiresTerminator = requiresTerminator
        nearLiterals = nil
        innerLiteral = nil
        maximumUTF8Length = nil
        mayLookBeforeLine = true
    }
}

/// Finds a literal's occurrences in bytes: the packed-pair windows of `CByteScan`
/// (``SingleLiteralScanner``'s search) for a literal of two bytes or more, `memchr` for one byte.
package struct ByteLiteralFinder: Sendable {
    /// The storage that ``scan`` reads (nil for a literal of one byte).
    private let probed: ProbedLiteral?
    /// The search itself, which reads this finder's storage without holding it.
    package let scan: ByteLiteralScan
    /// The literal's length in bytes.
    package var count: Int { scan.count }

    /// The finder of `literal`, which must not be empty.
    package init(_ literal: [UInt8]) {
        precondition(!literal.isEmpty)
        let probed = literal.count >= 2 ? ProbedLiteral(literal) : nil
        self.probed = probed
        scan = ByteLiteralScan(
            probe: probed.map { UnsafePointer($0.probe) }, bytes: probed.map { UnsafePointer($0.bytes) },
            byte: literal[0], count: literal.count)
    }

    /// The start of the first occurrence at or after `start` that lies wholly in `block`, or
    /// nil.
    package func firstOccurrence(in block: UnsafeRawBufferPointer, from start: Int) -> Int? {
        scan.firstOccurrence(in: block, from: start)
    }
}

/// The search of a ``ByteLiteralFinder`` without a reference to the finder's storage: a value
/// of pointers and numbers, which a loop over many occurrences copies and calls with no
/// reference counting (a call on the finder retains and releases its storage each time, which
/// cost about a tenth of a `--multiline` search with a million occurrences). It is valid only
/// while the finder that made it lives.
package struct ByteLiteralScan: @unchecked Sendable {
    // Sendable: the pointers are to storage written once, in the finder's `init`.
    private let probe: UnsafePointer<bytescan_probe>?
    private let bytes: UnsafePointer<UInt8>?
    private let byte: UInt8
    /// The literal's length in bytes.
    package let count: Int

    fileprivate init(probe: UnsafePointer<bytescan_probe>?, bytes: UnsafePointer<UInt8>?, byte: UInt8, count: Int) {
        self.probe = probe
        self.bytes = bytes
        self.byte = byte
        self.count = count
    }

    /// The start of the first occurrence at or after `start` that lies wholly in `block`, or
    /// nil.
    package func firstOccurrence(in block: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = block.baseAddress, start + count <= block.count else { return nil }
        if let probe, let bytes {
            let found = bytescan_find_literal(base, start, block.count, probe, bytes, count)
            return found < block.count ? found : nil
        }
        return memchr(base + start, Int32(byte), block.count - start).map { base.distance(to: UnsafeRawPointer($0)) }
    }
    /// The occurrences at or after `start` that lie wholly in `block`, in order: the offsets
    /// of at most `found.count` of them are stored in `found`. Returns their number, and the
    /// offset before which every occurrence was stored (`block.count` when the search reached
    /// the block's end). One call serves many occurrences of a common literal.
    package func occurrences(
        in block: UnsafeRawBufferPointer, from start: Int, into found: UnsafeMutableBufferPointer<Int>
    ) -> (count: Int, scanned: Int) {
        guard let base = block.baseAddress, let target = found.baseAddress, start + count <= block.count else {
            return (0, block.count)
        }
        if let probe, let bytes {
            var scanned = 0
            let stored = bytescan_find_literals(base, start, block.count, probe, bytes, count, target, found.count, &scanned)
            return (stored, scanned)
        }
        var stored = 0
        var position = start
        while position < block.count,
            let hit = memchr(base + position, Int32(byte), block.count - position)
        {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if stored == found.count { return (stored, at) }
            target[stored] = at
            stored += 1
            position = at + 1
        }
        return (stored, block.count)
    }
}
