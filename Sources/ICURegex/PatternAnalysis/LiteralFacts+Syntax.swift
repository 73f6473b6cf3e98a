/// The literal facts of a pattern, read from its ``RegexSyntax`` tree: for icugrep's line
/// prefilter on raw bytes and for ``RegexPattern``'s search plan on long texts.
extension LiteralFacts {
    /// What is known of the matches of the whole of `pattern` (read without flags: no
    /// case-insensitivity, comments or literal mode), with required sets ranked by `score`
    /// (higher is better); nil when the reader does not understand the pattern.
    package static func of(pattern: String, score: @escaping ([[UInt8]]) -> Int) -> LiteralFacts? {
        PatternReader.read(pattern).map { of($0, score: score) }
    }

    /// What is known of the matches of `syntax`, with required sets ranked by `score`. With
    /// `newlineIsSearchable`, for a search of text whose matches may span lines
    /// (``MultilineFacts``), `\n` is a literal character like any other; otherwise it is known
    /// only by its length, since a line never holds it.
    package static func of(
        _ syntax: RegexSyntax, score: @escaping ([[UInt8]]) -> Int, newlineIsSearchable: Bool = false
    ) -> LiteralFacts {
        SyntaxFacts(score: score, newlineIsSearchable: newlineIsSearchable).facts(of: syntax)
    }
}

/// Works out the ``LiteralFacts`` of a syntax tree, node by node.
private struct SyntaxFacts {
    /// Ranks the candidate literal sets; higher is better.
    let score: ([[UInt8]]) -> Int
    /// True when `\n` is a literal character (see ``LiteralFacts/of(_:score:newlineIsSearchable:)``).
    var newlineIsSearchable = false

    /// What one node contributes to the sequence around it.
    private enum Piece {
        /// Text, with what is known of it.
        case consuming(LiteralFacts)
        /// The empty string, at some positions only.
        case zeroWidth
    }

    /// The facts of `node` as a whole; a zero-width node matches the empty string, which
    /// holds no literal and is not known exactly.
    func facts(of node: RegexSyntax) -> LiteralFacts {
        switch piece(node) {
        case .consuming(let facts): return facts
        case .zeroWidth: return LiteralFacts(exact: nil, required: nil, maximumUTF16Length: 0)
        }
    }

    private func piece(_ node: RegexSyntax) -> Piece {
        switch node {
        case .character(let scalar):
            return .consuming(literal(scalar))
        case .characterClass(let text):
            guard let members = Self.fewUncasedMembers(ofClass: text) else { return .consuming(.oneCharacter) }
            return .consuming(.alternation(members.map(literal)))
        case .sequence(let items):
            var builder = SequenceFactsBuilder(score: score)
            for item in items {
                switch piece(item) {
                case .consuming(let facts): builder.append(facts)
                case .zeroWidth: builder.appendZeroWidth()
                }
            }
            return .consuming(builder.finish())
        case .alternation(let branches):
            return .consuming(.alternation(branches.map(facts(of:))))
        case .group(_, .flagged):
            return .consuming(.unknown)
        case .group(let body, let kind):
            let facts = facts(of: body)
            return .consuming(kind == .atomic ? facts.atomic() : facts)
        case .repetition(let body, let minimum, let maximum, _):
            // A possessive or lazy count matches at most the texts of a greedy one, which
            // these facts bound.
            guard case .consuming(let facts) = piece(body) else { return .zeroWidth }
            return .consuming(facts.repeated(minimum: minimum, maximum: maximum))
        case .assertion, .lookaround:
            // A lookaround's text is not part of the match: nothing in it is required there.
            return .zeroWidth
        case .opaque(.lineBreak):
            return .consuming(.oneCharacter)
        case .opaque(.graphemeCluster), .opaque(.reference):
            return .consuming(.unknown)
        }
    }

    /// The most members of a class that is read as an alternation of its characters.
    static let maximumExpandedClassSize = 8

    /// The members of a class that lists a few characters (`[,，]`, `[?!]`), when every one
    /// of them is outside the reach of case: a class so read is an alternation of literal
    /// characters, so `[？?]` requires `？` or `?`. Nil for any other class.
    ///
    /// Only a bracket of plain characters is read: no escapes, ranges, negation, nested sets,
    /// set operators, properties or (in a comment-mode pattern) spaces and comments. Each
    /// member must be a character that no case mapping changes and no other character maps
    /// to (punctuation, symbols, digits: not a letter or mark), so that the class means the
    /// same with or without case-insensitive matching as the literal character does.
    private static func fewUncasedMembers(ofClass text: String) -> [Unicode.Scalar]? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 3, scalars.first == "[", scalars.last == "]" else { return nil }
        var members: [Unicode.Scalar] = []
        for scalar in scalars[1..<scalars.count - 1] {
            if "\\[]-&^$:{}#".unicodeScalars.contains(scalar) { return nil }
            switch scalar.properties.generalCategory {
            case .decimalNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
                .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
                .currencySymbol, .modifierSymbol, .otherSymbol:
                break
            default:
                return nil  // Letters, marks, spaces, controls, and numbers such as Ⅻ that have case.
            }
            guard !scalar.properties.changesWhenCaseMapped, !scalar.properties.changesWhenCaseFolded else { return nil }
            if !members.contains(scalar) { members.append(scalar) }
        }
        return members.count <= maximumExpandedClassSize ? members : nil
    }

    /// The facts of one literal character: exact and required, unless it cannot be looked for
    /// in raw bytes: U+FFFD also stands for ill-formed input, and a line terminator or NUL is
    /// never inside a line (unless ``newlineIsSearchable``). Such a character is known only by
    /// its length.
    private func literal(_ scalar: Unicode.Scalar) -> LiteralFacts {
        if scalar == "\u{FFFD}" || (scalar == "\n" && !newlineIsSearchable) || scalar == "\0" {
            return .unsearchable(utf16Count: UTF16.width(scalar))
        }
        return .literal(Array(String(scalar).utf8))
    }
}
