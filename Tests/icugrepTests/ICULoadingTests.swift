import Foundation
import Testing
import TestSupport

/// icugrep opens ICU at its first call into it: a search that the engine answers alone must
/// not open it, since loading ICU is most of such a search's start-up and a third of its
/// memory. The dynamic loader's log (`LD_DEBUG=files`) says which libraries a run opened.
@Suite struct ICULoadingTests {
    /// Whether icugrep with `arguments` opened ICU searching the English and Chinese corpora
    /// (characters of one to four UTF-8 bytes), and found lines.
    static func opensICU(_ arguments: [String]) throws -> Bool {
        let files = ["en-sampled.txt", "zh-sampled.txt"].map { TestFixtures.corpora.appendingPathComponent($0).path }
        let run = try TestProcess.icugrep(["-c"] + arguments + files, environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(arguments): exit status \(run.status)")
        return run.errors.contains("libicuuc")
    }

    @Test("searches the engine answers alone do not open ICU", arguments: [
        ["Sherlock Holmes"], ["^Sherlock"], ["Holmes$"], ["[0-9]{3}-[0-9]{4}"], ["[?!]$"],
        ["[A-Z][a-z]+ [A-Z][a-z]+"], ["0x[0-9a-fA-F]+|[？?]$"], ["-v", "e"], ["-i", "Sherlock Holmes"],
        ["-i", "the|you|ask"], ["-i", "^no\\.$"], ["\\d+:\\d+"], ["\\w+\\s+Holmes\\s+\\w+"], ["\\bthe\\b"],
        ["-w", "you"], ["-i", "-w", "you"], ["Sher.*Holmes"], ["-o", "\\w+olmes"],
    ])
    func noICU(_ arguments: [String]) throws {
        #expect(try !Self.opensICU(arguments))
    }

    /// The check above can fail: a class ICU must be asked about opens it.
    @Test("a search that asks ICU opens it")
    func icuOpened() throws {
        #expect(try Self.opensICU(["\\p{Lu}\\p{Ll}+"]))
    }
}
