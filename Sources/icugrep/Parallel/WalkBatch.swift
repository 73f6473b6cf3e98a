/// The inputs the walker found and has not yet appended to the window: appended sixteen at a
/// time, so that the walker takes the window's lock once per batch rather than per file.
final class WalkBatch {
    /// The inputs appended at once.
    static let size = 16

    private let window: OrderedInputWindow
    private var inputs: [PendingInput] = []

    /// Creates an empty batch for `window`.
    init(window: OrderedInputWindow) {
        self.window = window
        inputs.reserveCapacity(Self.size)
    }

    /// Adds `input`, appending the batch when full; false when the run has stopped.
    func add(_ input: PendingInput) -> Bool {
        inputs.append(input)
        return inputs.count < Self.size || flush()
    }

    /// Appends the inputs held (before a message of the walker, and at the end of the walk);
    /// false when the run has stopped.
    @discardableResult
    func flush() -> Bool {
        guard !inputs.isEmpty else { return true }
        defer { inputs.removeAll(keepingCapacity: true) }
        return window.append(inputs)
    }
}
