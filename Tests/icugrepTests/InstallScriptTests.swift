import Foundation
import Testing

/// `install.sh` with the binary under test (`ICUGREP_BINARY`, so that no release build is
/// needed here): every file lands under the prefix, the installed icugrep runs, and the script
/// names the ICU the binary needs. `.ci/run` also runs the script itself, with its release
/// build, and the installed binary.
@Suite struct InstallScriptTests {
    /// The repository's root, found from this file's path (`<root>/Tests/icugrepTests/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func installsUnderThePrefix() throws {
        let prefix = try TestProcess.makeDirectory([:]).appendingPathComponent("prefix with space")
        let run = try TestProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.root.appendingPathComponent("install.sh").path],
            environment: ["PREFIX": prefix.path, "ICUGREP_BINARY": TestProcess.icugrep.path])
        #expect(run.status == 0, "\(run.errors)")
        for path in [
            "bin/icugrep", "share/man/man1/icugrep.1", "share/bash-completion/completions/icugrep",
            "share/zsh/site-functions/_icugrep", "share/fish/vendor_completions.d/icugrep.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/icugrep").path))
        #expect(run.output.contains("icugrep needs ICU "))
        #expect(run.output.contains("libicuuc.so."))
        let installed = try TestProcess.run(prefix.appendingPathComponent("bin/icugrep"), ["-c", "b+"], input: Data("abba\nc\nb\n".utf8))
        #expect(installed.status == 0 && installed.output == "2\n")
        let manual = try String(contentsOf: prefix.appendingPathComponent("share/man/man1/icugrep.1"), encoding: .utf8)
        #expect(manual == (try String(contentsOf: Self.root.appendingPathComponent("man/icugrep.1"), encoding: .utf8)))
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/icugrep"), encoding: .utf8)
        #expect(bash.contains("complete -o bashdefault -o default -F _icugrep icugrep"))
    }
}
