/// Matches an option argument against a list of keywords the way gnulib's `argmatch` does
/// for GNU grep's `--directories`: an exact keyword, or an unambiguous abbreviation of one.
struct KeywordArgument<Value: Equatable & Sendable>: Sendable {
    /// The option's long name with its dashes, for messages, such as `--directories`.
    var optionName: String
    /// The keywords and what each means, in the order the error message lists them.
    var keywords: [(word: String, value: Value)]

    /// The value `argument` names, or the error argmatch reports: an invalid or ambiguous
    /// argument and the list of valid ones, followed by the usage lines.
    func value(of argument: String) throws(CommandLineError) -> Value {
        if let exact = keywords.first(where: { $0.word == argument }) {
            return exact.value
        }
        let candidates = keywords.filter { $0.word.hasPrefix(argument) }
        if let first = candidates.first, candidates.allSatisfy({ $0.value == first.value }) {
            return first.value
        }
        let problem = candidates.isEmpty ? "invalid" : "ambiguous"
        throw .usage(
            "\(problem) argument ‘\(argument)’ for ‘\(optionName)’",
            details: ["Valid arguments are:"] + validArgumentLines)
    }

    /// The lines of argmatch's list: one per value, its synonyms joined by commas.
    private var validArgumentLines: [String] {
        var lines: [String] = []
        var lastValue: Value?
        for keyword in keywords {
            if let lastValue, lastValue == keyword.value {
                lines[lines.count - 1] += ", ‘\(keyword.word)’"
            } else {
                lines.append("  - ‘\(keyword.word)’")
            }
            lastValue = keyword.value
        }
        return lines
    }
}
