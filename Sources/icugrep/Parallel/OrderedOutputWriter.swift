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
    /// A printer on `output`, for group separators.
    let printer: LinePrinter

    /// Writes every slot in order until the window is finished, and returns the outcome of the
    /// inputs written. When writing fails, the run stops after the input being written.
    func write() -> SearchRun.Outcome {
        var outcome = SearchRun.Outcome()
        var headNumber = 0
        var failed = false
        while true {
            switch window.nextWriterStep() {
            case .write(let pieces):
                for piece in pieces where !failed {
                    replay(piece, earlierSelection: outcome.selectedAnyLine)
                    if output.failure != nil {
                        // As in the serial run, nothing of the input after the failure.
                        failed = true
                        window.stop(after: headNumber)
                    }
                }
            case .complete(let report):
                outcome.selectedAnything = outcome.selectedAnything || report.outcome.selectedAnything
                outcome.hadError = outcome.hadError || report.outcome.hadError
                outcome.selectedAnyLine = outcome.selectedAnyLine || report.outcome.selectedAnyLine
                headNumber += 1
            case .finished:
                return outcome
            }
        }
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
                printer.printGroupSeparator()
                output.flushIfFull()
            }
        }
    }
}
