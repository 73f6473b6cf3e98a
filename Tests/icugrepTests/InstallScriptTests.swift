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

    /// icugrep's own objects name nothing of Swift's concurrency runtime, so that the static
    /// link `install.sh` makes leaves that runtime and libdispatch out of the executable: a
    /// closure in `main.swift`'s top-level code (which is the main actor's, and so is the
    /// closure) once brought both in, with 4,000 relocations more for the dynamic loader at
    /// every start. The objects are this test build's, made from the same sources.
    @Test func objectsNameNoConcurrencyRuntime() throws {
        let folder = TestProcess.productsDirectory.appendingPathComponent("icugrep.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".o") }
        try #require(objects.contains("main.swift.o"), "no main.swift.o in \(folder.path)")
        let names = ["$sScM", "swift_task_", "swift_continuation_", "swift_job_"].map { Data($0.utf8) }
        for object in objects {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(object))
            for name in names where bytes.range(of: name) != nil {
                Issue.record("\(object) names \(String(decoding: name, as: UTF8.self))")
            }
        }
    }
}
