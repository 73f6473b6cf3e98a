/// Writes the output of a parallel search in input order: it replays each input's pieces, as
/// they arrive, into the real standard output and standard error, as the serial run would
/// have written them, and adds up the outcome.
struct OrderedOutputWriter {
    /// The window the pieces come from.
    let window: OrderedInputWindow
    /// The real standard output.
    let output: OutputBuffer
    /// The real standard error.
    let errors: OutputBuffer
    /// A printer on `output`, for group separators (none with `--json`).
    let printer: LinePrinter?

    /// Writes every slot in order until the window is finished, and returns the outcome of the
    /// inputs written. When writing fails, the run stops after the input being written.
    func write() -> SearchRun.Outcome {
        var outcome = SearchRun.Outcome()
        var number = 0
        while let steps = window.nextWriterSteps() {
            for step in steps {
                switch step {
                case .write(let pieces):
                    for piece in pieces {
                        replay(piece, earlierSelection: outcome.selectedAnyLine)
                        if output.failure != nil {
                            // As in the serial run, nothing more after the failure.
                            window.stop(after: number)
                            return outcome
                        }
                    }
                case .complete(let report):
                    outcome.selectedAnything = outcome.selectedAnything || report.outcome.selectedAnything
                    outcome.hadError = outcome.hadError || report.outcome.hadError
                    outcome.selectedAnyLine = outcome.selectedAnyLine || report.outcome.selectedAnyLine
                    number += 1
                }
            }
        }
        return outcome
    }

    /// Writes one piece: standard error's after flushing standard output, as ``Diagnostics``
    /// does.
    private func replay(_ piece: OutputPiece, earlierSelection: Bool) {
        switch piece {
        case .standardOutput(let bytes):
            output.append(bytes)
            output.flushIfFull()
        case .standardError(let bytes):
            output.flush()
            errors.append(bytes)
            errors.flush()
        case .groupSeparatorIfEarlierSelection:
            if earlierSelection {
                printer?.contextBreak()
                output.flushIfFull()
            }
        }
    }
}
