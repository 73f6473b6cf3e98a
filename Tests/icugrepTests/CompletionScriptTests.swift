@testable import icugrep
import Foundation
import Testing

/// The shell completion scripts of `--generate-completions=SHELL`: every option of the table
/// in each, each accepted by its shell's syntax check, and a few completions asked of the shells
/// themselves. A shell that is not installed is skipped (`apt-get install zsh fish`).
@Suite struct CompletionScriptTests {
    /// The shell `name`, or nil when it is not installed.
    static func shell(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Writes `text` to a temporary file and returns its path.
    static func file(_ text: String, name: String) throws -> String {
        let directory = try TestProcess.makeDirectory([name: Data(text.utf8)])
        return directory.appendingPathComponent(name).path
    }

    @Test(arguments: CompletionScripts.Shell.allCases)
    func everyOptionAppears(_ shell: CompletionScripts.Shell) {
        let script = CompletionScripts.script(for: shell)
        // The script's words, split at white space, quotes, `|` and `)`.
        let words = Set(script.split { " \n'|)(".contains($0) }.map(String.init))
        let lines = script.split(separator: "\n").map(String.init)
        func fishLine(_ flag: String) -> Bool {
            lines.contains { $0 == "complete -c icugrep \(flag)" || $0.hasPrefix("complete -c icugrep \(flag) ") }
        }
        for option in OptionTable.longOptions {
            let name = "--" + option.name
            switch shell {
            case .bash:
                #expect(words.contains(option.argument == .required ? name + "=" : name), "\(name)")
                #expect(option.argument == .none || words.contains(name), "\(name)'s argument")
            case .zsh:
                #expect(script.contains("'\(name)" + (option.argument == .none ? "[" : "=")), "\(name)")
            case .fish:
                #expect(fishLine("-l \(option.name)"), "\(name)")
            }
        }
        for option in OptionTable.shortOptions {
            let name = "-\(option.letter)"
            switch shell {
            case .bash: #expect(words.contains(name), "\(name)")
            case .zsh: #expect(script.contains("'\(name)" + (option.argument == .none ? "[" : "+[")), "\(name)")
            case .fish: #expect(fishLine("-s \(option.letter)"), "\(name)")
            }
        }
        // The argument words the parser accepts.
        for word in ["never", "always", "auto", "binary", "text", "without-match", "read", "recurse", "skip"] {
            #expect(words.contains(word) || script.contains(" \(word) ") || script.contains("(\(word) "), "\(shell): \(word)")
        }
    }

    @Test func theCommandLinePrintsThem() throws {
        for shell in CompletionScripts.Shell.allCases {
            let run = try TestProcess.icugrep(["--generate-completions=\(shell.rawValue)"])
            #expect(run.status == 0 && run.output == CompletionScripts.script(for: shell) && run.errors.isEmpty)
        }
        let unknown = try TestProcess.icugrep(["--generate-completions=tcsh"])
        #expect(unknown.status == 2 && unknown.output.isEmpty)
        #expect(unknown.errors == "icugrep: unknown shell ‘tcsh’ for --generate-completions; valid shells are ‘bash’, ‘zsh’, ‘fish’\n")
        // Only alone and in full: otherwise it is an unknown option, as in GNU grep, and `--g`
        // still abbreviates --group-separator alone.
        let withPattern = try TestProcess.icugrep(["--generate-completions=bash", "x"])
        #expect(withPattern.status == 2 && withPattern.errors.contains("unrecognized option"))
        #expect(OptionTable.longOptions.filter { $0.name.hasPrefix("g") && !OptionTable.ripgrepOptionNames.contains($0.name) }
            .map(\.name) == ["group-separator"])
        #expect(try ArgumentScanner.longOptionSpecification(named: "g", typed: "g").identifier == .groupSeparator)
    }

    @Test func bashAcceptsAndCompletes() throws {
        let bash = try #require(Self.shell("bash"))
        let path = try Self.file(CompletionScripts.bashScript, name: "icugrep.bash")
        let check = try TestProcess.run(bash, ["-n", path])
        #expect(check.status == 0, "\(check.errors)")
        // COMP_WORDS as bash splits the line: `=` is a word of its own.
        let probe = """
            source \(path)
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _icugrep; echo "${COMPREPLY[*]}"; }
            ask icugrep --col
            ask icugrep --color = a
            ask icugrep --binary-files = w
            ask icugrep -d r
            ask icugrep -rd s
            ask icugrep --directories ''
            ask icugrep -m ''
            ask icugrep -
            """
        let run = try TestProcess.run(bash, ["-c", probe])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(8)) == [
            "--color --color= --colour --colour= --column", "always auto", "without-match", "read recurse",
            "skip", "read recurse skip", "", OptionTable.shortOptions.map { "-\($0.letter)" }.joined(separator: " "),
        ])
    }

    @Test func zshAccepts() throws {
        guard let zsh = Self.shell("zsh") else { return }
        let path = try Self.file(CompletionScripts.zshScript, name: "_icugrep")
        let check = try TestProcess.run(zsh, ["-n", path])
        #expect(check.status == 0, "\(check.errors)")
    }

    @Test func fishAcceptsAndCompletes() throws {
        guard let fish = Self.shell("fish") else { return }
        let path = try Self.file(CompletionScripts.fishScript, name: "icugrep.fish")
        let check = try TestProcess.run(fish, ["--no-execute", path])
        #expect(check.status == 0, "\(check.errors)")
        let run = try TestProcess.run(fish, ["--no-config", "-c", "source \(path); complete -C 'icugrep --binary-files='"],
                                      environment: ["HOME": FileManager.default.temporaryDirectory.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("--binary-files=without-match"), "\(run.output)")
    }
}
