/// Combines the patterns of `-e`, `-f` and the operand with `--and`, `--not` and `--bool` into
/// one ``BooleanQuery`` over one list of patterns.
///
/// The parts are ANDed in command-line order: the `-e`/`-f` patterns as one OR (as without a
/// query), each `--and=PATTERNS` as the OR of its lines, each `--not=PATTERNS` as the negation
/// of the OR of its lines, each `--bool=QUERY` as its query. So `-e A --and B --not C` selects
/// the lines with `A` and `B` and without `C`.
struct QueryBuilder {
    /// One query option, with its argument.
    enum Part: Sendable, Equatable {
        /// `--and=PATTERNS`.
        case and(String)
        /// `--not=PATTERNS`.
        case not(String)
        /// `--bool=QUERY`.
        case query(String)
    }

    /// The patterns, the given ones first, then the terms of the parts in order.
    private(set) var patterns: [String]
    /// Where each pattern came from (`-f`), nil for the others.
    private(set) var origins: [Configuration.PatternOrigin?]
    /// The query over ``patterns``.
    private(set) var query = BooleanQuery()

    /// Builds the query of `parts` over the patterns given by `-e` and `-f` (`given`, with
    /// their `origins`; `hasGiven` false when neither option was used), in `syntax`, where a
    /// quoted term of `--bool` is escaped to match literally. With `givenAreQueries` (`-%`),
    /// each given pattern but those of `-f` is a query, as the argument of `--bool` is, and
    /// they are ORed as patterns are.
    /// - Throws: ``CommandLineError`` for a query the grammar rejects.
    init(
        given: [String], origins: [Configuration.PatternOrigin?], hasGiven: Bool, givenAreQueries: Bool = false,
        parts: [Part], syntax: Configuration.PatternSyntax
    ) throws(CommandLineError) {
        let givenOrigins = origins + Array(repeating: nil, count: max(0, given.count - origins.count))
        patterns = []
        self.origins = []
        var conjuncts: [Int] = []
        if hasGiven {
            var alternatives: [Int] = []
            for (pattern, origin) in zip(given, givenOrigins) {
                if givenAreQueries && origin == nil {
                    alternatives.append(try appendQuery(pattern, option: "-%", syntax: syntax))
                } else {
                    patterns.append(pattern)
                    self.origins.append(origin)
                    alternatives.append(query.append(.term(patterns.count - 1)))
                }
            }
            conjuncts.append(alternatives.count == 1 ? alternatives[0] : query.append(.or(alternatives)))
        }
        for part in parts {
            switch part {
            case .and(let text):
                conjuncts.append(appendAlternatives(text))
            case .not(let text):
                conjuncts.append(query.append(.not(appendAlternatives(text))))
            case .query(let text):
                conjuncts.append(try appendQuery(text, option: "--bool", syntax: syntax))
            }
        }
        if conjuncts.count != 1 || query.root != conjuncts[0] {
            query.append(.and(conjuncts))
        }
    }

    /// Appends the query `text` (the argument of `option`), its terms as patterns, and returns
    /// the node of its root.
    private mutating func appendQuery(
        _ text: String, option: String, syntax: Configuration.PatternSyntax
    ) throws(CommandLineError) -> Int {
        let parsed: (query: BooleanQuery, terms: [BooleanQueryParser.Term])
        do {
            parsed = try BooleanQueryParser.parse(text)
        } catch {
            throw .fatal("\(option): \(error.message)")
        }
        let offset = patterns.count
        for term in parsed.terms {
            patterns.append(term.isLiteral ? Self.escaped(term.text, in: syntax) : term.text)
            origins.append(nil)
        }
        return query.append(parsed.query, termOffset: offset)
    }

    /// Appends the lines of a `--and` or `--not` argument as patterns and returns the node of
    /// their OR.
    private mutating func appendAlternatives(_ text: String) -> Int {
        var builder = PatternListBuilder()
        builder.addArgument(text)
        var terms: [Int] = []
        for pattern in builder.patterns {
            patterns.append(pattern)
            origins.append(nil)
            terms.append(query.append(.term(patterns.count - 1)))
        }
        return terms.count == 1 ? terms[0] : query.append(.or(terms))
    }

    /// `text` written as a pattern in `syntax` that matches it literally.
    static func escaped(_ text: String, in syntax: Configuration.PatternSyntax) -> String {
        let specials: Set<Unicode.Scalar>
        switch syntax {
        case .fixedStrings:
            return text
        case .regularExpression:
            var escaped = ""
            for scalar in text.unicodeScalars {
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == " " {
                    escaped.unicodeScalars.append(scalar)
                } else if scalar.isASCII {
                    escaped += "\\" + String(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped
        case .basicRegexp:
            specials = ["\\", ".", "[", "]", "*", "^", "$"]
        case .extendedRegexp:
            specials = ["\\", ".", "[", "]", "*", "^", "$", "+", "?", "(", ")", "{", "}", "|"]
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if specials.contains(scalar) { escaped += "\\" }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }
}
