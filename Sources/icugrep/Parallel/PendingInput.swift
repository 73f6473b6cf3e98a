import Glibc

/// An input waiting in the window to be searched: opened by the walker (a command-line
/// operand), or found while recursing and opened by the worker that claims it.
enum PendingInput: Sendable {
    /// An open input, whose descriptor the window or the worker owns.
    case opened(OpenedInput)
    /// A file to open first.
    case found(FoundFile)

    /// Closes the descriptor of an opened input that will not be searched.
    func discard() {
        if case .opened(let input) = self, !input.isStandardInput {
            close(input.descriptor)
        }
    }
}
