import Glibc

/// `--files`, as `rg --files`: prints the name of every input the search would read, in the
/// order it would read them, opening each (to skip and report what a search would) but reading
/// none, each name as `-l` prints it (colored with
/// `--color`, ended by a NUL with `-Z`). The operands, `-r`/`-R`, `-d`, `-D`, `--include`,
/// `--exclude`, `--exclude-dir`, `--ignore-vcs` and the file types select the inputs as they
/// do for a search; a directory operand without `-r` is the error a search reports.
struct FileListing {
    let configuration: Configuration

    /// Lists the inputs; `selectedAnything` says whether one was listed.
    func run() -> SearchRun.Outcome {
        let output = OutputBuffer(destination: .fileDescriptor(STDOUT_FILENO))
        let errors = OutputBuffer(destination: .fileDescriptor(STDERR_FILENO), flushThreshold: 1)
        return run(output: output, errors: errors)
    }

    /// Lists the inputs to `output`, messages to `errors`.
    func run(output: OutputBuffer, errors: OutputBuffer) -> SearchRun.Outcome {
        let diagnostics = Diagnostics(standardOutput: output, standardError: errors)
        let printer = SummaryPrinter(configuration: configuration, output: output)
        var outcome = SearchRun.Outcome()
        let walker = InputWalker(configuration: configuration, diagnostics: diagnostics) { input in
            if !input.isStandardInput && InputWalker.isDirectory(input.status) {
                // Reading it is what a search without -r would report.
                outcome.hadError = true
                if !configuration.noMessages { diagnostics.fileError(input.name, errorNumber: EISDIR) }
                return .next
            }
            printer.printFileNameLine(input.name)
            outcome.selectedAnything = true
            return output.failure == nil ? .next : .stop
        }
        walker.walk()
        if walker.hadError { outcome.hadError = true }
        output.flush()
        if let failure = output.failure {
            outcome.hadError = true
            if !failure.isBrokenPipe { diagnostics.writeError(errorNumber: failure.errorNumber) }
        }
        return outcome
    }
}
