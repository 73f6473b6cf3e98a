import Glibc

/// ripgrep's file types (`-t TYPE`, `--type-not=TYPE`, `--type-list`): a name for the globs
/// of a language's files, matched against the base names of the files found while recursing.
/// The names and globs are ripgrep 13's, for the common types.
enum FileTypes {
    /// Every type, sorted by name, each with its globs in ripgrep's order.
    static let definitions: [(name: String, globs: [String])] = [
        ("asm", ["*.S", "*.asm", "*.s"]),
        ("c", ["*.[chH]", "*.[chH].in", "*.cats"]),
        ("clojure", ["*.clj", "*.cljc", "*.cljs", "*.cljx"]),
        ("cmake", ["*.cmake", "CMakeLists.txt"]),
        ("config", ["*.cfg", "*.conf", "*.config", "*.ini"]),
        ("cpp", [
            "*.[ChH]", "*.[ChH].in", "*.[ch]pp", "*.[ch]pp.in", "*.[ch]xx", "*.[ch]xx.in", "*.cc",
            "*.cc.in", "*.hh", "*.hh.in", "*.inl"
        ]),
        ("cs", ["*.cs"]),
        ("css", ["*.css", "*.scss"]),
        ("csv", ["*.csv"]),
        ("d", ["*.d"]),
        ("dart", ["*.dart"]),
        ("diff", ["*.diff", "*.patch"]),
        ("docker", ["*Dockerfile*"]),
        ("elixir", ["*.eex", "*.ex", "*.exs"]),
        ("erlang", ["*.erl", "*.hrl"]),
        ("fish", ["*.fish"]),
        ("go", ["*.go"]),
        ("gradle", ["*.gradle"]),
        ("h", ["*.h", "*.hpp"]),
        ("haskell", ["*.c2hs", "*.cpphs", "*.hs", "*.hsc", "*.lhs"]),
        ("html", ["*.ejs", "*.htm", "*.html"]),
        ("java", ["*.java", "*.jsp", "*.jspx", "*.properties"]),
        ("jl", ["*.jl"]),
        ("js", ["*.js", "*.jsx", "*.vue"]),
        ("json", ["*.json", "composer.lock"]),
        ("jsonl", ["*.jsonl"]),
        ("julia", ["*.jl"]),
        ("kotlin", ["*.kt", "*.kts"]),
        ("less", ["*.less"]),
        ("log", ["*.log"]),
        ("lua", ["*.lua"]),
        ("make", [
            "*.mak", "*.mk", "[Gg][Nn][Uu]makefile", "[Gg][Nn][Uu]makefile.am",
            "[Gg][Nn][Uu]makefile.in", "[Mm]akefile", "[Mm]akefile.am", "[Mm]akefile.in"
        ]),
        ("markdown", ["*.markdown", "*.md", "*.mdown", "*.mkdn"]),
        ("md", ["*.markdown", "*.md", "*.mdown", "*.mkdn"]),
        ("objc", ["*.h", "*.m"]),
        ("ocaml", ["*.ml", "*.mli", "*.mll", "*.mly"]),
        ("perl", ["*.PL", "*.perl", "*.pl", "*.plh", "*.plx", "*.pm", "*.t"]),
        ("php", ["*.php", "*.php3", "*.php4", "*.php5", "*.phtml"]),
        ("protobuf", ["*.proto"]),
        ("py", ["*.py"]),
        ("r", ["*.R", "*.Rmd", "*.Rnw", "*.r"]),
        ("ruby", ["*.gemspec", "*.rb", "*.rbw", ".irbrc", "Gemfile", "Rakefile", "config.ru"]),
        ("rust", ["*.rs"]),
        ("sass", ["*.sass", "*.scss"]),
        ("scala", ["*.sbt", "*.scala"]),
        ("sh", [
            "*.bash", "*.bashrc", "*.csh", "*.cshrc", "*.ksh", "*.kshrc", "*.sh", "*.tcsh", "*.zsh",
            ".bash_login", ".bash_logout", ".bash_profile", ".bashrc", ".cshrc", ".kshrc", ".login",
            ".logout", ".profile", ".tcshrc", ".zlogin", ".zlogout", ".zprofile", ".zshenv", ".zshrc",
            "bash_login", "bash_logout", "bash_profile", "bashrc", "profile", "zlogin", "zlogout",
            "zprofile", "zshenv", "zshrc"
        ]),
        ("sql", ["*.psql", "*.sql"]),
        ("svg", ["*.svg"]),
        ("swift", ["*.swift"]),
        ("tex", ["*.bib", "*.cls", "*.dtx", "*.ins", "*.ltx", "*.sty", "*.tex"]),
        ("toml", ["*.toml", "Cargo.lock"]),
        ("ts", ["*.ts", "*.tsx"]),
        ("txt", ["*.txt"]),
        ("vim", ["*.vim"]),
        ("xml", [
            "*.dtd", "*.rng", "*.sch", "*.xhtml", "*.xjb", "*.xml", "*.xml.dist", "*.xsd", "*.xsl",
            "*.xslt"
        ]),
        ("yaml", ["*.yaml", "*.yml"]),
        ("zig", ["*.zig"]),
    ]

    /// The globs of the type `name` among `types`, nil when there is no such type; `all` is
    /// every type's.
    static func globs(of name: String, in types: [(name: String, globs: [String])] = definitions) -> [String]? {
        if name == "all" { return types.flatMap({ $0.globs }) }
        return types.first { $0.name == name }?.globs
    }

    /// The text of `--type-list` for `types`: one `name: glob, glob` line per type, as ripgrep
    /// prints it.
    static func listText(of types: [(name: String, globs: [String])] = definitions) -> String {
        types.map { "\($0.name): \($0.globs.joined(separator: ", "))\n" }.joined()
    }

    /// The types after `--type-clear` of each of `clears` (first, as ripgrep does, whatever the
    /// order on the command line) and `--type-add` of each of `additions`, in order: `NAME:GLOB`
    /// adds one glob to NAME (creating it), `NAME:include:TYPE,TYPE` adds the globs of those
    /// types. NAME is letters and digits, not `all`. Sorted by name, each type's globs sorted
    /// and without duplicates, as ripgrep lists them.
    static func definitions(
        clearing clears: [String], adding additions: [String]
    ) throws(CommandLineError) -> [(name: String, globs: [String])] {
        var types = definitions
        for name in clears {
            types.removeAll { $0.name == name }
        }
        for addition in additions {
            let parts = addition.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let name = parts[0]
            let added: [String]
            switch parts.count {
            case 2 where !parts[1].isEmpty:
                added = [parts[1]]
            case 3 where parts[1] == "include" && !parts[2].isEmpty:
                var included: [String] = []
                for typeName in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
                    guard let globs = globs(of: String(typeName), in: types), typeName != "all" else {
                        throw .fatal("unrecognized file type: \(typeName)")
                    }
                    included += globs
                }
                added = included
            default:
                throw .fatal("invalid definition (format is type:glob, e.g., html:*.html)")
            }
            guard !name.isEmpty, name != "all",
                  name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil })
            else {
                throw .fatal("invalid definition (format is type:glob, e.g., html:*.html)")
            }
            if let index = types.firstIndex(where: { $0.name == name }) {
                types[index].globs = Array(Set(types[index].globs + added)).sorted()
            } else {
                types.append((name: name, globs: Array(Set(added)).sorted()))
            }
        }
        return types.sorted { $0.name < $1.name }
    }
}

/// One `-t TYPE` or `--type-not=TYPE`, with the type's globs.
struct FileTypeSelection: Sendable, Equatable {
    /// True for `--type-not`: a matching file is skipped.
    var negated: Bool
    var globs: [String]
}

/// Applies the `-t` and `--type-not` selections to the names of files found while recursing,
/// as ripgrep does: the last selection with a glob that matches the name decides; a name that
/// matches none is skipped when any `-t` was given.
struct FileTypeFilter {
    private let selections: [(negated: Bool, globs: [[CChar]])]
    private let skipsUnmatched: Bool

    init(selections: [FileTypeSelection]) {
        self.selections = selections.map { ($0.negated, $0.globs.map { Array($0.utf8CString) }) }
        skipsUnmatched = selections.contains { !$0.negated }
    }

    /// True when there is nothing to filter.
    var isEmpty: Bool { selections.isEmpty }

    /// True when the file with base name `name` is skipped.
    func skips(_ name: [UInt8]) -> Bool {
        var cName = name.map { CChar(bitPattern: $0) }
        cName.append(0)
        for selection in selections.reversed() {
            for glob in selection.globs where fnmatch(glob, cName, 0) == 0 {
                return selection.negated
            }
        }
        return skipsUnmatched
    }
}
