import Foundation
import Testing

/// Expects icugrep to answer as `grep` (GNU grep) does with `arguments` on each file of `names`
/// in `directory`, searched mapped (named on the command line) and read (standard input
/// redirected from it by the shell, which gives grep's blocks too; a pipe would return other
/// ones): the same status, standard output, and standard error once grep's name in it is read
/// as icugrep's.
func expectSameAsGNUGrepMappedAndRead(
    _ arguments: [String], files names: [String], in directory: URL, grep: URL,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for name in names {
        for mapped in [true, false] {
            // The same words for both programs: a file named, or standard input redirected
            // from it by the shell.
            func run(_ program: URL) throws -> ProcessResult {
                if mapped {
                    return try TestProcess.run(program, arguments + [name], directory: directory)
                }
                return try TestProcess.run(
                    URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$PROGRAM\" \"$@\" < \(name)", "sh"] + arguments,
                    directory: directory, environment: ["PROGRAM": program.path])
            }
            let expected = try run(grep)
            let actual = try run(TestProcess.icugrep)
            let command = "\(arguments.joined(separator: " ")) \(mapped ? "" : "< ")\(name)"
            #expect(actual.status == expected.status, "status of \(command)", sourceLocation: sourceLocation)
            #expect(actual.standardOutput == expected.standardOutput, "standard output of \(command)",
                    sourceLocation: sourceLocation)
            let expectedErrors = expected.errors.replacingOccurrences(of: "\(grep.path): ", with: "icugrep: ")
            #expect(actual.errors == expectedErrors, "standard error of \(command)", sourceLocation: sourceLocation)
        }
    }
}
