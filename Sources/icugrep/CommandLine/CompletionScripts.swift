/// Shell completion scripts for bash, zsh and fish, generated from ``OptionTable`` (every long
/// and short option, and which take an argument), with the argument words the parser accepts
/// (`--color`, `--binary-files`, `--directories`, `--devices`) and the descriptions of `--help`.
///
/// `icugrep --generate-completions=SHELL` prints one; it is recognized only as the whole command
/// line, spelled out in full, before options are parsed, so it is not in the option table: an
/// abbreviation such as `--g` still means `--group-separator` only, as in GNU grep, and any
/// other command line is parsed exactly as before.
enum CompletionScripts {
    /// The shells there are scripts for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The hidden option's prefix.
    static let optionPrefix = "--generate-completions="

    /// The script for `shell`.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bashScript
        case .zsh: return zshScript
        case .fish: return fishScript
        }
    }

    /// What an option's argument is, for completion.
    enum ArgumentKind: Equatable {
        /// One of these words.
        case words([String])
        /// A file name.
        case file
        /// A directory name.
        case directory
        /// Anything (a number, a pattern, a glob, a name): nothing to offer.
        case free
    }

    /// What the argument of the option `identifier` is.
    static func argumentKind(_ identifier: OptionIdentifier) -> ArgumentKind {
        switch identifier {
        case .color: return .words(ColorChoice.spellings.map { $0.words[0] })
        case .binaryFiles: return .words(["binary", "text", "without-match"])
        case .directories: return .words(OptionSettings.directoryKeywords.keywords.map { $0.word })
        case .devices: return .words(["read", "skip"])
        case .queryScope: return .words(["line", "file"])
        case .sort, .sortReversed: return .words(OptionSettings.sortKeys.keywords.map { $0.word })
        case .fileType, .fileTypeNot, .typeClear: return .words(FileTypes.definitions.map { $0.name })
        case .file, .excludeFrom: return .file
        default: return .free
        }
    }

    /// The name `--help` gives an option's argument (`NUM`, `FILE`), or a lower-case default.
    static func argumentName(_ identifier: OptionIdentifier) -> String {
        switch identifier {
        case .afterContext, .beforeContext, .context, .maxCount: return "NUM"
        case .file, .excludeFrom: return "FILE"
        case .regexp, .andPatterns, .notPatterns: return "PATTERNS"
        case .booleanQuery: return "QUERY"
        case .queryScope: return "SCOPE"
        case .include, .exclude, .excludeDirectory, .glob, .caseInsensitiveGlob, .preprocessorGlob: return "GLOB"
        case .preprocessor: return "COMMAND"
        case .maxDepth, .threads: return "NUM"
        case .sort, .sortReversed: return "KEY"
        case .fileType, .fileTypeNot, .typeClear: return "TYPE"
        case .typeAdd: return "SPEC"
        case .directories, .devices: return "ACTION"
        case .binaryFiles: return "TYPE"
        case .color: return "WHEN"
        case .label: return "LABEL"
        case .groupSeparator: return "SEP"
        case .encoding: return "NAME"
        case .timeLimit: return "SECONDS"
        case .replace: return "TEMPLATE"
        case .maxColumns: return "NUM"
        default: return "ARG"
        }
    }

    // MARK: Descriptions

    /// Each option's description, by spelling (`-i`, `--ignore-case`): the first line of its
    /// entry in `--help`, or else that of another spelling of the same option.
    static let descriptions: [String: String] = {
        var bySpelling: [String: String] = [:]
        for line in HelpText.text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Option lines start with two spaces and a dash; the description follows the
            // first run of two or more spaces after the spellings.
            guard line.hasPrefix("  -") || line.hasPrefix("      --") else { continue }
            let trimmed = line.drop { $0 == " " }
            guard let gap = trimmed.firstRange(of: "  ") else { continue }
            let spellings = trimmed[..<gap.lowerBound]
            let description = trimmed[gap.upperBound...].drop { $0 == " " }
            guard !description.isEmpty else { continue }
            for token in spellings.split(whereSeparator: { $0 == "," || $0 == " " }) {
                var spelling = token.prefix { $0 != "=" && $0 != "[" }
                if spelling.hasSuffix(",") { spelling = spelling.dropLast() }
                if spelling.hasPrefix("-") && spelling != "-NUM" {
                    if bySpelling[String(spelling)] == nil { bySpelling[String(spelling)] = String(description) }
                }
            }
        }
        var byIdentifier: [String: String] = [:]
        for option in OptionTable.longOptions {
            if let text = bySpelling["--" + option.name] { byIdentifier["\(option.identifier)"] = byIdentifier["\(option.identifier)"] ?? text }
        }
        for option in OptionTable.shortOptions {
            if let text = bySpelling["-\(option.letter)"] { byIdentifier["\(option.identifier)"] = byIdentifier["\(option.identifier)"] ?? text }
        }
        var result: [String: String] = [:]
        for option in OptionTable.longOptions {
            result["--" + option.name] = bySpelling["--" + option.name] ?? byIdentifier["\(option.identifier)"] ?? ""
        }
        for option in OptionTable.shortOptions {
            if option.identifier == .contextDigit {
                result["-\(option.letter)"] = "digit of -NUM: print NUM lines of output context"
            } else {
                result["-\(option.letter)"] = bySpelling["-\(option.letter)"] ?? byIdentifier["\(option.identifier)"] ?? ""
            }
        }
        return result
    }()

    /// `spelling`'s description with what the shells' quoting would trip on removed.
    private static func description(_ spelling: String) -> String {
        var text = descriptions[spelling] ?? ""
        text.removeAll { $0 == "\\" }
        while text.hasSuffix(";") || text.hasSuffix(",") || text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// `text` in single quotes for a POSIX shell, zsh or fish.
    private static func quoted(_ text: String, fish: Bool = false) -> String {
        if fish {
            return "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
        }
        return "'" + text.replacingAll("'", with: "'\\''") + "'"
    }

    // MARK: bash

    /// The bash script: `complete -F _icugrep icugrep`, with no dependency on the
    /// bash-completion package (it copes with `=` being a word break itself).
    static var bashScript: String {
        var longWords: [String] = []
        for option in OptionTable.longOptions {
            switch option.argument {
            case .none: longWords.append("--" + option.name)
            case .required: longWords.append("--" + option.name + "=")
            case .optional: longWords += ["--" + option.name, "--" + option.name + "="]
            }
        }
        let shortWords = OptionTable.shortOptions.map { "-\($0.letter)" }
        let requiredShortLetters = OptionTable.shortOptions.filter { $0.argument == .required }.map { String($0.letter) }.joined()
        // The case arms: the spellings of each option whose argument can be completed, or
        // that takes one (so that its argument is not completed as a file).
        var arms: [String] = []
        var spellingsByKind: [(kind: ArgumentKind, spellings: [String])] = []
        func add(_ spelling: String, _ kind: ArgumentKind) {
            if let index = spellingsByKind.firstIndex(where: { $0.kind == kind }) {
                spellingsByKind[index].spellings.append(spelling)
            } else {
                spellingsByKind.append((kind, [spelling]))
            }
        }
        for option in OptionTable.longOptions where option.argument != .none {
            add("--" + option.name, argumentKind(option.identifier))
        }
        for option in OptionTable.shortOptions where option.argument != .none {
            add("-\(option.letter)", argumentKind(option.identifier))
        }
        for (kind, spellings) in spellingsByKind {
            let action: String
            switch kind {
            case .words(let words): action = "COMPREPLY=($(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\"))"
            case .file: action = "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .directory: action = "COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .free: action = "COMPREPLY=()"
            }
            arms.append("        \(spellings.joined(separator: "|")))\n            \(action)\n            return ;;")
        }
        return """
            # bash completion for icugrep, generated by `icugrep --generate-completions=bash`.
            # Install as $PREFIX/share/bash-completion/completions/icugrep, or source it.

            _icugrep() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opt=
                # `=` is one of bash's word breaks: `--color=al` arrives as `--color`, `=`, `al`.
                if [[ $cur == = ]]; then
                    opt=$prev
                    cur=
                elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
                    opt=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $cur == --*=* ]]; then
                    opt=${cur%%=*}
                    cur=${cur#*=}
                elif [[ $prev == --* ]]; then
                    opt=$prev
                elif [[ $prev == -[!-]* && \(quoted(requiredShortLetters)) == *"${prev: -1}"* ]]; then
                    opt=-${prev: -1}
                fi
                case $opt in
            \(arms.joined(separator: "\n"))
                esac
                case $cur in
                    --*)
                        COMPREPLY=($(compgen -W \(quoted(longWords.joined(separator: " "))) -- "$cur"))
                        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace
                        return ;;
                    -*)
                        COMPREPLY=($(compgen -W \(quoted(shortWords.joined(separator: " "))) -- "$cur"))
                        return ;;
                esac
                COMPREPLY=($(compgen -f -- "$cur"))
            }
            complete -o bashdefault -o default -F _icugrep icugrep

            """
    }

    // MARK: zsh

    /// The zsh script: an `_arguments` specification per spelling.
    static var zshScript: String {
        func zshDescription(_ spelling: String) -> String {
            var text = description(spelling)
            for character in ["[", "]", ":"] { text = text.replacingAll(character, with: "\\" + character) }
            return text
        }
        func action(_ identifier: OptionIdentifier) -> String {
            let name = argumentName(identifier).lowercased()
            switch argumentKind(identifier) {
            case .words(let words): return "\(name):(\(words.joined(separator: " ")))"
            case .file: return "\(name):_files"
            case .directory: return "\(name):_files -/"
            case .free: return "\(name): "
            }
        }
        var specs: [String] = []
        for option in OptionTable.longOptions {
            let spelling = "--" + option.name
            let text = "[\(zshDescription(spelling))]"
            switch option.argument {
            case .none: specs.append(spelling + text)
            case .required: specs.append(spelling + "=" + text + ":" + action(option.identifier))
            case .optional: specs.append(spelling + "=-" + text + "::" + action(option.identifier))
            }
        }
        for option in OptionTable.shortOptions {
            let spelling = "-\(option.letter)"
            let text = "[\(zshDescription(spelling))]"
            switch option.argument {
            case .none: specs.append(spelling + text)
            case .required, .optional: specs.append(spelling + "+" + text + ":" + action(option.identifier))
            }
        }
        specs.append("*:file:_files")
        return """
            #compdef icugrep
            # zsh completion for icugrep, generated by `icugrep --generate-completions=zsh`.
            # Install as _icugrep in a directory of $fpath, such as $PREFIX/share/zsh/site-functions.

            _arguments -s -S \\
            \(specs.map { "    " + quoted($0) }.joined(separator: " \\\n"))

            """
    }

    // MARK: fish

    /// The fish script: a `complete` line per spelling.
    static var fishScript: String {
        func line(_ flag: String, _ spelling: String, _ option: (identifier: OptionIdentifier, argument: ArgumentRequirement)) -> String {
            var parts = ["complete -c icugrep", flag]
            if option.argument != .none {
                switch argumentKind(option.identifier) {
                case .words(let words): parts += ["-x -a", quoted(words.joined(separator: " "), fish: true)]
                case .file: parts.append("-r -F")
                case .directory: parts += ["-x -a", quoted("(__fish_complete_directories)", fish: true)]
                case .free: parts.append("-x")
                }
            }
            let text = description(spelling)
            if !text.isEmpty { parts += ["-d", quoted(text, fish: true)] }
            return parts.joined(separator: " ")
        }
        var lines: [String] = []
        for option in OptionTable.longOptions {
            lines.append(line("-l " + option.name, "--" + option.name, (option.identifier, option.argument)))
        }
        for option in OptionTable.shortOptions {
            lines.append(line("-s \(option.letter)", "-\(option.letter)", (option.identifier, option.argument)))
        }
        return """
            # fish completion for icugrep, generated by `icugrep --generate-completions=fish`.
            # Install as icugrep.fish in $PREFIX/share/fish/vendor_completions.d.

            \(lines.joined(separator: "\n"))

            """
    }
}

extension String {
    /// The string with every occurrence of `target` replaced by `replacement` (no Foundation).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
