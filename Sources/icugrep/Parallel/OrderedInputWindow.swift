import Glibc

/// The inputs of a parallel search between the walker that finds them, the workers that search
/// them and the writer that writes their output in order: a window of consecutive slots, one
/// per input (or per message of the walker), numbered in walking order.
///
/// - The walker appends slots in order, waiting while the window is full, so that memory does
///   not grow with the number of inputs.
/// - Each worker claims the oldest unclaimed input, posts its output as ``OutputPiece``s, and
///   completes it with an ``InputReport``.
/// - The writer takes the pieces of the oldest slot (the head) as they come, so that the
///   head's output streams, and drops the head once it is complete.
///
/// A worker posting to a slot behind the head waits while more than ``bufferBudget`` bytes are
/// buffered; the head's worker never waits, so the head always progresses.
///
/// A run stops early (`-q` selected a line, output failed) with ``stop(after:)``: later slots
/// are neither searched nor written.
final class OrderedInputWindow: @unchecked Sendable {
    /// One input, or one message of the walker, and what is known of it so far.
    private struct Slot {
        /// The input to search, with a descriptor the slot owns; nil for a message.
        var input: OpenedInput?
        /// True once a worker took the input.
        var claimed = false
        /// Output posted and not yet taken by the writer.
        var pieces: [OutputPiece] = []
        /// Set when the slot is complete: nothing more will be posted to it.
        var report: InputReport?
    }

    /// What the writer does next.
    enum WriterStep {
        /// Write these pieces of the head slot.
        case write([OutputPiece])
        /// The head slot is complete (its pieces all taken): account for it and go on.
        case complete(InputReport)
        /// Every slot up to the end (or up to where the run stopped) is written.
        case finished
    }

    /// The most slots in the window at once.
    let capacity: Int
    /// The most bytes buffered for slots behind the head before their workers wait.
    let bufferBudget: Int

    // The state below is guarded by `lock`.
    private let lock = ConditionLock()
    private var slots: [Slot] = []
    /// The number of the slot `slots[0]`.
    private var headNumber = 0
    /// The number of the oldest slot not yet claimed (or the end).
    private var nextUnclaimed = 0
    private var walkingFinished = false
    /// The number of the last slot to search and write; later slots are dropped.
    private var lastNumber = Int.max
    /// The bytes of the pieces posted and not yet taken.
    private var bufferedBytes = 0

    /// Creates an empty window of `capacity` slots that buffers about `bufferBudget` bytes of
    /// output ahead of the writer.
    init(capacity: Int, bufferBudget: Int) {
        self.capacity = capacity
        self.bufferBudget = bufferBudget
    }

    /// The number one past the newest slot.
    private var endNumber: Int { headNumber + slots.count }

    // MARK: The walker

    /// Appends an input to search; the window owns its descriptor from now on. Waits while the
    /// window is full. Returns false, having closed the descriptor, when the run has stopped.
    func append(_ input: OpenedInput) -> Bool {
        lock.withLock {
            while slots.count >= capacity && endNumber <= lastNumber {
                lock.wait()
            }
            guard endNumber <= lastNumber else {
                close(input.descriptor)
                return false
            }
            slots.append(Slot(input: input))
            lock.broadcast()
            return true
        }
    }

    /// Appends a complete slot holding one message for standard error (the walker's: a file
    /// that cannot be opened, a directory loop), so that it is written in order.
    func appendMessage(_ message: [UInt8]) {
        lock.withLock {
            while slots.count >= capacity && endNumber <= lastNumber {
                lock.wait()
            }
            guard endNumber <= lastNumber else { return }
            bufferedBytes += message.count
            slots.append(Slot(pieces: [.standardError(message)], report: InputReport()))
            lock.broadcast()
        }
    }

    /// Says that the walker appended its last slot.
    func finishWalking() {
        lock.withLock {
            walkingFinished = true
            lock.broadcast()
        }
    }

    // MARK: The workers

    /// Takes the oldest input not yet claimed, waiting for the walker; nil when there are no
    /// more. Inputs after the stop are completed empty here.
    func claim() -> (number: Int, input: OpenedInput)? {
        lock.withLock {
            while true {
                // Complete slots (messages) may have left the window unclaimed.
                nextUnclaimed = max(nextUnclaimed, headNumber)
                while nextUnclaimed < endNumber {
                    let number = nextUnclaimed
                    nextUnclaimed += 1
                    let index = number - headNumber
                    guard let input = slots[index].input, !slots[index].claimed else { continue }
                    slots[index].claimed = true
                    if number > lastNumber {
                        close(input.descriptor)
                        slots[index].report = InputReport()
                        continue
                    }
                    return (number, input)
                }
                if walkingFinished { return nil }
                lock.wait()
            }
        }
    }

    /// Adds `piece` to the output of slot `number`; waits while the slot is behind the head
    /// and the buffer is over budget. Pieces for slots after the stop are dropped.
    func post(_ piece: OutputPiece, to number: Int) {
        lock.withLock {
            while number != headNumber && number <= lastNumber && bufferedBytes + piece.byteCount > bufferBudget {
                lock.wait()
            }
            guard number <= lastNumber, number >= headNumber else { return }
            bufferedBytes += piece.byteCount
            slots[number - headNumber].pieces.append(piece)
            lock.broadcast()
        }
    }

    /// Marks slot `number` complete with `report`; when the report ends the run, stops after
    /// it.
    func complete(_ number: Int, report: InputReport) {
        lock.withLock {
            if report.endsRun { lastNumber = min(lastNumber, number) }
            if number >= headNumber {
                slots[number - headNumber].report = report
            }
            lock.broadcast()
        }
    }

    // MARK: The writer

    /// Waits for what the writer does next with the head slot.
    func nextWriterStep() -> WriterStep {
        lock.withLock {
            while true {
                if headNumber > lastNumber || (slots.isEmpty && walkingFinished) {
                    return .finished
                }
                if let head = slots.first {
                    if !head.pieces.isEmpty {
                        let pieces = head.pieces
                        slots[0].pieces = []
                        bufferedBytes -= pieces.reduce(0) { $0 + $1.byteCount }
                        lock.broadcast()
                        return .write(pieces)
                    }
                    if let report = head.report {
                        slots.removeFirst()
                        headNumber += 1
                        lock.broadcast()
                        return .complete(report)
                    }
                }
                lock.wait()
            }
        }
    }

    /// Ends the run after slot `number` (the writer's, when writing failed): later slots are
    /// dropped and everyone waiting is woken.
    func stop(after number: Int) {
        lock.withLock {
            lastNumber = min(lastNumber, number)
            lock.broadcast()
        }
    }

    /// Closes the descriptors of inputs never claimed (after a stop, once every thread is done).
    func closeUnclaimedInputs() {
        lock.withLock {
            for index in slots.indices where !slots[index].claimed {
                if let input = slots[index].input { close(input.descriptor) }
                slots[index].claimed = true
            }
        }
    }
}
