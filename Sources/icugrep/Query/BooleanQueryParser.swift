/// Reads the text of `--bool` in ugrep's query grammar:
///
///     query    = and-list
///     and-list = or-list { ( spaces | "AND" ) or-list }
///     or-list  = unary { ( "|" | "OR" ) unary }
///     unary    = ( "-" | "NOT" ) unary | "(" and-list ")" | term
///     term     = '"' { character other than '"' or a backslash, or "\" character } '"'
///              | bare word: characters other than spaces, "|", "(", ")" and '"',
///                a backslash keeping the character after it in the word, and
///                inside it a balanced group "(...)" or a bracket expression "[...]"
///                whole, whatever they hold
///
/// So NOT binds tightest, then OR, then AND, as ugrep documents (`A|B C|D` is `(A|B) (C|D)`).
/// `AND`, `OR` and `NOT` are operators only as whole words; a `-` only at a term's start. A
/// bare word is a pattern in the current syntax; a quoted term is a string matched literally
/// (inside it `\"` is a quote and `\\` a backslash), as in ugrep.
///
/// The parser reads left to right with an explicit stack of open groups and pending negations,
/// so no input makes it recurse; nesting deeper than ``maximumDepth`` is an error.
struct BooleanQueryParser {
    /// One term of the query: its text, and whether it is matched literally (quoted).
    struct Term: Sendable, Equatable {
        var text: String
        var isLiteral: Bool
    }

    /// A query the grammar rejects, with a message for people.
    struct SyntaxError: Error, Equatable {
        var message: String
    }

    /// The deepest nesting of parentheses and negations accepted, which bounds the recursion of
    /// evaluating the query.
    static let maximumDepth = 200

    /// The query and its terms, in the order written: the query's term `i` is `terms[i]`.
    static func parse(_ text: String) throws(SyntaxError) -> (query: BooleanQuery, terms: [Term]) {
        var parser = BooleanQueryParser(text: Array(text.unicodeScalars))
        return try parser.parse()
    }

    // MARK: Tokens

    private enum Token: Equatable {
        case term(Term)
        case and
        case or
        case not
        case open
        case close
    }

    private let text: [Unicode.Scalar]
    private var position = 0

    private init(text: [Unicode.Scalar]) {
        self.text = text
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// The next token and the character position where it starts (1-based), or nil at the end.
    private mutating func nextToken() throws(SyntaxError) -> (token: Token, at: Int)? {
        while position < text.count && Self.isSpace(text[position]) { position += 1 }
        guard position < text.count else { return nil }
        let start = position
        let scalar = text[position]
        switch scalar {
        case "(":
            position += 1
            return (.open, start + 1)
        case ")":
            position += 1
            return (.close, start + 1)
        case "|":
            position += 1
            return (.or, start + 1)
        case "-":
            position += 1
            return (.not, start + 1)
        case "\"":
            position += 1
            var literal = ""
            while position < text.count && text[position] != "\"" {
                if text[position] == "\\" && position + 1 < text.count
                    && (text[position + 1] == "\"" || text[position + 1] == "\\") {
                    position += 1
                }
                literal.unicodeScalars.append(text[position])
                position += 1
            }
            guard position < text.count else {
                throw SyntaxError(message: "the quote at character \(start + 1) is not closed")
            }
            position += 1
            return (.term(Term(text: literal, isLiteral: true)), start + 1)
        default:
            var word = ""
            while position < text.count {
                let next = text[position]
                if Self.isSpace(next) || next == "|" || next == ")" || next == "\"" { break }
                if next == "(" {
                    // A group inside a word is the pattern's, as in ugrep (`th(e|a)t`).
                    guard !word.isEmpty, let end = closingParenthesis(from: position) else { break }
                    word.unicodeScalars.append(contentsOf: text[position...end])
                    position = end + 1
                    continue
                }
                if next == "[", let end = closingBracket(from: position) {
                    // A bracket expression is the pattern's too (`[|()]`).
                    word.unicodeScalars.append(contentsOf: text[position...end])
                    position = end + 1
                    continue
                }
                if next == "\\" && position + 1 < text.count {
                    word.unicodeScalars.append(next)
                    position += 1
                }
                word.unicodeScalars.append(text[position])
                position += 1
            }
            switch word {
            case "AND": return (.and, start + 1)
            case "OR": return (.or, start + 1)
            case "NOT": return (.not, start + 1)
            default: return (.term(Term(text: word, isLiteral: false)), start + 1)
            }
        }
    }

    /// The position of the `)` that closes the `(` at `start`, skipping escaped characters and
    /// bracket expressions; nil when none does.
    private func closingParenthesis(from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < text.count {
            switch text[index] {
            case "\\":
                index += 1
            case "[":
                if let end = closingBracket(from: index) { index = end }
            case "(":
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The position of the `]` that closes the bracket expression opening at `start` (a `]`
    /// right after `[` or `[^` is a member; escaped characters are skipped); nil when none
    /// does.
    private func closingBracket(from start: Int) -> Int? {
        var index = start + 1
        if index < text.count && text[index] == "^" { index += 1 }
        if index < text.count && text[index] == "]" { index += 1 }
        while index < text.count {
            if text[index] == "\\" {
                index += 2
                continue
            }
            if text[index] == "]" { return index }
            index += 1
        }
        return nil
    }

    // MARK: Grammar

    /// An open group: its AND list of OR lists of operands so far, and the negations pending
    /// before the next operand.
    private struct Group {
        /// Where the group's `(` is (1-based), or 0 for the whole query.
        var openedAt: Int
        /// The finished OR lists, each a list of node indices.
        var andList: [[Int]] = []
        /// The OR list being read.
        var orList: [Int] = []
        /// The negations waiting for the next operand.
        var pendingNots = 0
        /// True after an operand: the next token may be an operator (or start another AND
        /// operand); false when an operand must come.
        var afterOperand = false
        /// The operator that last asked for an operand, for the message when none comes.
        var lastOperator: (name: String, at: Int)? = nil
    }

    private mutating func parse() throws(SyntaxError) -> (query: BooleanQuery, terms: [Term]) {
        var query = BooleanQuery()
        var terms: [Term] = []
        var groups = [Group(openedAt: 0)]
        var depth = 0

        /// Adds an operand (a node index) to the innermost group, under its pending negations.
        func addOperand(_ node: Int) {
            var node = node
            for _ in 0..<groups[groups.count - 1].pendingNots {
                node = query.append(.not(node))
            }
            depth -= groups[groups.count - 1].pendingNots
            groups[groups.count - 1].pendingNots = 0
            groups[groups.count - 1].orList.append(node)
            groups[groups.count - 1].afterOperand = true
            groups[groups.count - 1].lastOperator = nil
        }

        /// Closes the innermost group's lists into one node; nil for an empty group.
        func close(_ group: Group) throws(SyntaxError) -> Int? {
            if !group.afterOperand {
                if let last = group.lastOperator {
                    throw SyntaxError(message: "‘\(last.name)’ at character \(last.at) lacks an operand after it")
                }
                if group.pendingNots > 0 || !group.andList.isEmpty || !group.orList.isEmpty {
                    throw SyntaxError(message: "an operand is missing at the end")
                }
                return nil
            }
            var andList = group.andList
            andList.append(group.orList)
            let ors = andList.map { list in list.count == 1 ? list[0] : query.append(.or(list)) }
            return ors.count == 1 ? ors[0] : query.append(.and(ors))
        }

        while let (token, at) = try nextToken() {
            var group = groups[groups.count - 1]
            switch token {
            case .term(let term):
                if group.afterOperand {
                    // Juxtaposition: AND.
                    groups[groups.count - 1].andList.append(group.orList)
                    groups[groups.count - 1].orList = []
                }
                terms.append(term)
                addOperand(query.append(.term(terms.count - 1)))
            case .and, .or:
                let name = token == .and ? "AND" : "|"
                guard group.afterOperand else {
                    throw SyntaxError(message: "‘\(name == "|" && text[at - 1] == "O" ? "OR" : name)’ at character \(at) lacks an operand before it")
                }
                if token == .and {
                    group.andList.append(group.orList)
                    group.orList = []
                }
                group.afterOperand = false
                group.lastOperator = (text[at - 1] == "O" ? "OR" : name, at)
                groups[groups.count - 1] = group
            case .not:
                if group.afterOperand {
                    group.andList.append(group.orList)
                    group.orList = []
                    group.afterOperand = false
                }
                group.pendingNots += 1
                group.lastOperator = (text[at - 1] == "N" ? "NOT" : "-", at)
                depth += 1
                guard depth <= Self.maximumDepth else {
                    throw SyntaxError(message: "the query nests deeper than \(Self.maximumDepth) levels")
                }
                groups[groups.count - 1] = group
            case .open:
                if group.afterOperand {
                    group.andList.append(group.orList)
                    group.orList = []
                    group.afterOperand = false
                    groups[groups.count - 1] = group
                }
                depth += 1
                guard depth <= Self.maximumDepth else {
                    throw SyntaxError(message: "the query nests deeper than \(Self.maximumDepth) levels")
                }
                groups.append(Group(openedAt: at))
            case .close:
                guard groups.count > 1 else {
                    throw SyntaxError(message: "the ‘)’ at character \(at) closes no ‘(’")
                }
                let inner = groups.removeLast()
                depth -= 1
                guard let node = try close(inner) else {
                    throw SyntaxError(message: "the parentheses at character \(inner.openedAt) hold nothing")
                }
                addOperand(node)
            }
        }
        guard groups.count == 1 else {
            throw SyntaxError(message: "the ‘(’ at character \(groups[groups.count - 1].openedAt) is not closed")
        }
        guard let root = try close(groups[0]) else {
            throw SyntaxError(message: "the query is empty")
        }
        if root != query.root {
            query.append(.and([root]))
        }
        return (query, terms)
    }
}
