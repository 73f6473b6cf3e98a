/// Splits command-line arguments into options and operands the way glibc's `getopt_long`
/// does for GNU grep.
///
/// - Short options bundle (`-inH`); one that takes an argument takes the rest of its element
///   (`-A3`, `-efoo`) or else the next element (`-e foo`), whatever that element looks like.
/// - Long options take an argument after `=` (`--regexp=foo`) or, when the argument is
///   required, from the next element (`--regexp foo`). An unambiguous prefix of a long name is
///   accepted (`--ignore` for `--ignore-case`); prefixes of several names that mean the same
///   (`--col` for `--color` and `--colour`) are not ambiguous.
/// - Options and operands may be mixed (permutation): operands are collected in order and
///   options are processed wherever they are, until `--`, after which everything is an
///   operand. With `POSIXLY_CORRECT` set, the first operand ends the options instead.
/// - `-` alone is an operand.
struct ArgumentScanner {
    /// One scanned option or operand.
    enum Item: Equatable {
        /// An option and its argument. `elementIndex` is the index of the command-line element
        /// the option letter or name was in, which `-NUM` needs to join digits of one element.
        /// For a digit of `-NUM`, the argument is the digit.
        case option(OptionIdentifier, argument: String?, elementIndex: Int)
        /// A non-option argument: the pattern or a file.
        case operand(String)
    }

    /// The position inside a bundle of short options such as `-inH`.
    private struct ShortOptionCluster {
        /// The index of the element holding the bundle.
        var elementIndex: Int
        /// The element's Unicode scalars, starting with the `-`.
        var scalars: [Unicode.Scalar]
        /// The index in `scalars` of the next option letter.
        var position: Int
    }

    /// The command-line arguments, without the program name.
    private let arguments: [String]
    /// True when the first operand ends the options (`POSIXLY_CORRECT`).
    private let stopsAtFirstOperand: Bool
    /// The index of the next element to look at.
    private var nextElementIndex = 0
    /// The bundle of short options being taken apart, if any.
    private var cluster: ShortOptionCluster?
    /// True after `--` (or, with `stopsAtFirstOperand`, after the first operand).
    private var onlyOperandsRemain = false
    /// The short option letters scanned so far, for ``RipgrepHints`` (`-r` and `--recursive`
    /// mean the same, but only `-r` can be ripgrep's `--replace` typed out of habit).
    private(set) var shortLettersTyped: Set<Character> = []

    /// Creates a scanner over `arguments` (without the program name). `stopsAtFirstOperand`
    /// turns permutation off, as `POSIXLY_CORRECT` does for getopt_long.
    init(arguments: [String], stopsAtFirstOperand: Bool = false) {
        self.arguments = arguments
        self.stopsAtFirstOperand = stopsAtFirstOperand
    }

    /// Returns the next option or operand, nil at the end, or throws the error getopt_long
    /// would report (an unknown option, a missing argument, an ambiguous abbreviation).
    mutating func next() throws(CommandLineError) -> Item? {
        while true {
            if cluster != nil {
                return try nextShortOption()
            }
            guard nextElementIndex < arguments.count else { return nil }
            let elementIndex = nextElementIndex
            let element = arguments[elementIndex]
            nextElementIndex += 1
            if onlyOperandsRemain {
                return .operand(element)
            }
            if element == "--" {
                onlyOperandsRemain = true
                continue
            }
            if !element.hasPrefix("-") || element == "-" {
                if stopsAtFirstOperand { onlyOperandsRemain = true }
                return .operand(element)
            }
            if element.hasPrefix("--") {
                return try longOption(String(element.dropFirst(2)), elementIndex: elementIndex)
            }
            cluster = ShortOptionCluster(
                elementIndex: elementIndex, scalars: Array(element.unicodeScalars), position: 1)
        }
    }

    /// Takes the next letter of the current bundle of short options, and its argument.
    private mutating func nextShortOption() throws(CommandLineError) -> Item {
        guard var current = cluster else { preconditionFailure("no short-option bundle") }
        let letter = current.scalars[current.position]
        current.position += 1
        let atEndOfElement = current.position >= current.scalars.count
        cluster = atEndOfElement ? nil : current
        guard letter.isASCII, let specification = OptionTable.shortOption(Character(letter)) else {
            var error = CommandLineError.usage("invalid option -- '\(letter)'")
            error.hint = RipgrepHints.invalidShortOptionHint(
                letter, preceding: Array(current.scalars[1..<(current.position - 1)]))
            throw error
        }
        shortLettersTyped.insert(Character(letter))
        if specification.identifier == .booleanPatterns, let next = cluster, next.scalars[next.position] == "%" {
            // ugrep's -%%: -% doubled within one bundle is one option, the file scope's.
            cluster = next.position + 1 < next.scalars.count ? ShortOptionCluster(
                elementIndex: next.elementIndex, scalars: next.scalars, position: next.position + 1) : nil
            return .option(.booleanPatternsOverFiles, argument: nil, elementIndex: current.elementIndex)
        }
        switch specification.argument {
        case .none, .optional:
            let argument = specification.identifier == .contextDigit ? String(letter) : nil
            return .option(specification.identifier, argument: argument, elementIndex: current.elementIndex)
        case .required:
            cluster = nil
            if !atEndOfElement {
                var rest = String.UnicodeScalarView()
                rest.append(contentsOf: current.scalars[current.position...])
                return .option(specification.identifier, argument: String(rest), elementIndex: current.elementIndex)
            }
            guard nextElementIndex < arguments.count else {
                throw .usage("option requires an argument -- '\(letter)'")
            }
            let argument = arguments[nextElementIndex]
            nextElementIndex += 1
            return .option(specification.identifier, argument: argument, elementIndex: current.elementIndex)
        }
    }

    /// Recognizes a long option from `body`, the element without its leading `--`, and finds
    /// its argument.
    private mutating func longOption(_ body: String, elementIndex: Int) throws(CommandLineError) -> Item {
        let name: Substring
        let attachedArgument: String?
        if let equalsSign = body.firstIndex(of: "=") {
            name = body[..<equalsSign]
            attachedArgument = String(body[body.index(after: equalsSign)...])
        } else {
            name = body[...]
            attachedArgument = nil
        }
        let specification = try Self.longOptionSpecification(named: name, typed: body)
        if let attachedArgument {
            guard specification.argument != .none else {
                throw .usage("option '--\(specification.name)' doesn't allow an argument")
            }
            return .option(specification.identifier, argument: attachedArgument, elementIndex: elementIndex)
        }
        guard specification.argument == .required else {
            return .option(specification.identifier, argument: nil, elementIndex: elementIndex)
        }
        guard nextElementIndex < arguments.count else {
            throw .usage("option '--\(specification.name)' requires an argument")
        }
        let argument = arguments[nextElementIndex]
        nextElementIndex += 1
        return .option(specification.identifier, argument: argument, elementIndex: elementIndex)
    }

    /// The long option `name` stands for: the one with exactly that name, else the only one
    /// (up to options that mean the same) that `name` abbreviates. `typed` is the element
    /// without `--`, for the error messages.
    static func longOptionSpecification(
        named name: Substring, typed: String
    ) throws(CommandLineError) -> LongOptionSpecification {
        let options = OptionTable.longOptions
        if let exact = options.first(where: { $0.name == name }) {
            return exact
        }
        var candidates = options.filter { $0.name.hasPrefix(name) }
        if candidates.contains(where: { !OptionTable.ripgrepOptionNames.contains($0.name) }) {
            candidates.removeAll { OptionTable.ripgrepOptionNames.contains($0.name) }
        }
        guard let first = candidates.first else {
            var error = CommandLineError.usage("unrecognized option '--\(typed)'")
            error.hint = RipgrepHints.unknownLongOptionHint(name)
            throw error
        }
        // Like getopt_long, list the first candidate and every later one that differs from
        // it in meaning or argument, in table order.
        let differing = candidates.dropFirst().filter {
            $0.identifier != first.identifier || $0.argument != first.argument
        }
        guard differing.isEmpty else {
            let possibilities = ([first] + differing).map { "'--\($0.name)'" }.joined(separator: " ")
            throw .usage("option '--\(typed)' is ambiguous; possibilities: \(possibilities)")
        }
        return first
    }
}
