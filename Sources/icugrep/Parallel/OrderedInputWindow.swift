import Glibc

/// The inputs of a parallel search between the walker that finds them, the workers that search
/// them and the writer that writes their output in order: a window of consecutive slots, one
/// per input (or per message of the walker), numbered in walking order.
///
/// - The walker appends slots in order, waiting while the window is full, so that memory does
///   not grow with the number of inputs, or while it holds ``openInputCapacity`` inputs that
///   the walker opened (command-line operands), so that descriptors stay few (a file found
///   while recursing is opened by the worker that claims it).
/// - Each worker claims the oldest unclaimed input, posts its output as ``OutputPiece``s
///   (in large pieces while searching, the rest when done), and completes it with an
///   ``InputReport`` as it claims the next.
/// - The writer takes the pieces of the oldest slots (from the head) as they come, so that the
///   head's output streams, and drops the slots that are complete.
///
/// A worker posting to a slot behind the head waits while more than ``bufferBudget`` bytes are
/// buffered; the head's worker never waits, so the head always progresses.
///
/// A run stops early (`-q` selected a line, output failed) with ``stop(after:)``: later slots
/// are neither searched nor written.
///
/// Each kind of waiter has its own condition, signaled only when it waits and what it waits
/// for happened: with thousands of small inputs, needless wake-ups would cost more than the
/// search. For the same reason the writer is woken for a batch of inputs rather than for each
/// (see ``wakeWriterIfWorthwhile()``), and looks again on its own after a few milliseconds.
final class OrderedInputWindow: @unchecked Sendable {
    /// One input, or one message of the walker, and what is known of it so far.
    private struct Slot {
        /// The input to search (owning its descriptor when opened); nil for a message.
        var input: PendingInput?
        /// True once a worker took the input.
        var claimed = false
        /// Output posted and not yet taken by the writer.
        var pieces: [OutputPiece] = []
        /// Set when the slot is complete: nothing more will be posted to it.
        var report: InputReport?
    }

    /// What a worker hands back when it has searched an input.
    struct FinishedInput {
        /// The slot's number.
        var number: Int
        /// The output not posted yet.
        var pieces: [OutputPiece]
        /// What the search reported.
        var report: InputReport
    }

    /// What the writer does with one slot, in order.
    enum WriterStep {
        /// Write these pieces of the slot.
        case write([OutputPiece])
        /// The slot is complete (its pieces all taken): account for it and go on.
        case complete(InputReport)
    }

    /// The most slots in the window at once.
    let capacity: Int
    /// The most inputs opened by the walker (each holding a descriptor) in the window at once,
    /// from their append until their worker completes them.
    let openInputCapacity: Int
    /// The most bytes buffered for slots behind the head before their workers wait.
    let bufferBudget: Int

    // The state below is guarded by `lock`.
    private let lock = ConditionLock()
    /// The walker waits here for room in the window.
    private let roomAvailable = ConditionLock.Condition()
    /// Idle workers wait here for an input to claim.
    private let inputAvailable = ConditionLock.Condition()
    /// Workers over the budget wait here for the head to move or the buffer to shrink.
    private let budgetAvailable = ConditionLock.Condition()
    /// The writer waits here for the head slot to get pieces or complete.
    private let headChanged = ConditionLock.Condition()
    private var walkerWaits = false
    private var idleWorkers = 0
    private var workersOverBudget = 0
    private var writerWaits = false
    /// The number of complete slots in the window.
    private var completeSlots = 0
    /// The number of inputs appended opened and not yet completed.
    private var openInputs = 0

    /// The output of the head slot worth waking the writer for, so that it streams.
    static let headOutputToStream = 64 * 1024
    /// The longest the writer sleeps without being woken, in milliseconds.
    static let writerPatience = 10

    private var slots: [Slot] = []
    /// The index in `slots` of the head slot (slots before it are written and dropped in
    /// batches, so that the array is not shifted once per input).
    private var headIndex = 0
    /// The number of the head slot.
    private var headNumber = 0
    /// The number of the oldest slot not yet claimed (or the end).
    private var nextUnclaimed = 0
    private var walkingFinished = false
    /// The number of the last slot to search and write; later slots are dropped.
    private var lastNumber = Int.max
    /// The bytes of the pieces posted and not yet taken.
    private var bufferedBytes = 0

    /// Creates an empty window of `capacity` slots, at most `openInputCapacity` of them
    /// holding inputs the walker opened, that buffers about `bufferBudget` bytes of output
    /// ahead of the writer.
    init(capacity: Int, openInputCapacity: Int, bufferBudget: Int) {
        self.capacity = capacity
        self.openInputCapacity = openInputCapacity
        self.bufferBudget = bufferBudget
    }

    /// The number of slots in the window.
    private var slotCount: Int { slots.count - headIndex }
    /// The number one past the newest slot.
    private var endNumber: Int { headNumber + slotCount }

    /// The index in `slots` of the slot `number`.
    private func index(of number: Int) -> Int { number - headNumber + headIndex }

    /// Wakes the writer when it waits and has enough to write: the head slot is complete
    /// and a quarter of the window is complete too (or a worker waits for the writer, or the
    /// walk is over, or the run stops), or the head has much output to stream.
    private func wakeWriterIfWorthwhile() {
        guard writerWaits, headIndex < slots.count else { return }
        let head = slots[headIndex]
        let worthwhile: Bool
        if head.report != nil {
            // (A walker waiting for room is not reason enough: it waits most of the time, and
            // a full window soon has enough complete slots.)
            worthwhile = walkingFinished || workersOverBudget > 0 || lastNumber != Int.max
                || completeSlots * 4 >= capacity
        } else {
            worthwhile = head.pieces.reduce(0) { $0 + $1.byteCount } >= Self.headOutputToStream
                || (workersOverBudget > 0 && !head.pieces.isEmpty)
        }
        if worthwhile { headChanged.signal() }
    }

    /// Wakes everyone who waits, when the run stops or ends.
    private func wakeEveryone() {
        roomAvailable.broadcast()
        inputAvailable.broadcast()
        budgetAvailable.broadcast()
        headChanged.broadcast()
    }

    // MARK: The walker

    /// Waits for room in the window, and for room for `opened` more open inputs; false when
    /// the run has stopped.
    private func waitForRoom(opened: Int = 0) -> Bool {
        while (slotCount >= capacity || (openInputs > 0 && openInputs + opened > openInputCapacity))
            && endNumber <= lastNumber
        {
            walkerWaits = true
            wakeWriterIfWorthwhile()
            lock.wait(for: roomAvailable)
            walkerWaits = false
        }
        return endNumber <= lastNumber
    }

    /// Appends inputs to search, in order; the window owns an opened input's descriptor from
    /// now on. Waits while the window is full (it may then hold up to `inputs.count - 1` slots
    /// more than its capacity). Returns false, having closed the descriptors, when the run has
    /// stopped.
    func append(_ inputs: [PendingInput]) -> Bool {
        lock.withLock {
            let opened = inputs.reduce(0) { count, input in
                if case .opened = input { return count + 1 }
                return count
            }
            guard waitForRoom(opened: opened) else {
                for input in inputs { input.discard() }
                return false
            }
            openInputs += opened
            for input in inputs { slots.append(Slot(input: input)) }
            if idleWorkers > 1 && inputs.count > 1 {
                inputAvailable.broadcast()
            } else if idleWorkers > 0 {
                inputAvailable.signal()
            }
            return true
        }
    }

    /// Appends a complete slot holding one message for standard error (the walker's: a file
    /// that cannot be opened, a directory loop), so that it is written in order.
    func appendMessage(_ message: [UInt8]) {
        lock.withLock {
            guard waitForRoom() else { return }
            bufferedBytes += message.count
            slots.append(Slot(claimed: true, pieces: [.standardError(message)], report: InputReport()))
            completeSlots += 1
            wakeWriterIfWorthwhile()
        }
    }

    /// Says that the walker appended its last slot.
    func finishWalking() {
        lock.withLock {
            walkingFinished = true
            wakeEveryone()
        }
    }

    // MARK: The workers

    /// Completes the slot of the input the worker searched last, if any (see
    /// ``complete(_:)``), then takes the oldest input not yet claimed, waiting for the walker;
    /// nil when there are no more. Inputs after the stop are completed empty here.
    func complete(_ finished: FinishedInput?) -> (number: Int, input: PendingInput)? {
        lock.withLock {
            if let finished { complete(finished) }
            while true {
                // Complete slots (messages) may have left the window unclaimed.
                nextUnclaimed = max(nextUnclaimed, headNumber)
                while nextUnclaimed < endNumber {
                    let number = nextUnclaimed
                    nextUnclaimed += 1
                    let index = index(of: number)
                    guard let input = slots[index].input, !slots[index].claimed else { continue }
                    slots[index].claimed = true
                    if number > lastNumber {
                        input.discard()
                        slots[index].report = InputReport()
                        completeSlots += 1
                        continue
                    }
                    return (number, input)
                }
                if walkingFinished { return nil }
                wakeWriterIfWorthwhile()
                idleWorkers += 1
                lock.wait(for: inputAvailable)
                idleWorkers -= 1
            }
        }
    }

    /// Adds `piece` to the output of slot `number`; waits while the slot is behind the head
    /// and the buffer is over budget. Pieces for slots after the stop are dropped.
    func post(_ piece: OutputPiece, to number: Int) {
        lock.withLock {
            while number != headNumber && number <= lastNumber && bufferedBytes + piece.byteCount > bufferBudget {
                workersOverBudget += 1
                lock.wait(for: budgetAvailable)
                workersOverBudget -= 1
            }
            guard number <= lastNumber, number >= headNumber else { return }
            bufferedBytes += piece.byteCount
            slots[index(of: number)].pieces.append(piece)
            if number == headNumber { wakeWriterIfWorthwhile() }
        }
    }

    /// Marks a slot complete, with its last pieces; when the report ends the run, stops after
    /// it. Call with the lock held.
    private func complete(_ finished: FinishedInput) {
        let number = finished.number
        if number >= headNumber, case .opened = slots[index(of: number)].input {
            openInputs -= 1
            if walkerWaits { roomAvailable.signal() }
        }
        if number >= headNumber && number <= lastNumber {
            let index = index(of: number)
            for piece in finished.pieces { bufferedBytes += piece.byteCount }
            slots[index].pieces += finished.pieces
            slots[index].report = finished.report
            completeSlots += 1
        } else if number >= headNumber {
            slots[index(of: number)].report = finished.report
            completeSlots += 1
        }
        if finished.report.endsRun && number < lastNumber {
            lastNumber = number
            wakeEveryone()
        } else {
            wakeWriterIfWorthwhile()
        }
    }

    // MARK: The writer

    /// Waits until the head slot has pieces or is complete, and takes what can be written: the
    /// pieces and reports of the complete slots from the head on, then the pieces of the first
    /// incomplete one. Nil when every slot up to the end (or up to where the run stopped) is
    /// written.
    func nextWriterSteps() -> [WriterStep]? {
        lock.withLock {
            while true {
                if headNumber > lastNumber || (slotCount == 0 && walkingFinished) {
                    return nil
                }
                var steps: [WriterStep] = []
                var takenBytes = 0
                while headIndex < slots.count && headNumber <= lastNumber {
                    let pieces = slots[headIndex].pieces
                    if !pieces.isEmpty {
                        slots[headIndex].pieces = []
                        takenBytes += pieces.reduce(0) { $0 + $1.byteCount }
                        steps.append(.write(pieces))
                    }
                    guard let report = slots[headIndex].report else { break }
                    steps.append(.complete(report))
                    completeSlots -= 1
                    slots[headIndex] = Slot()
                    headIndex += 1
                    headNumber += 1
                }
                if !steps.isEmpty {
                    bufferedBytes -= takenBytes
                    if headIndex >= capacity {
                        slots.removeFirst(headIndex)
                        headIndex = 0
                    }
                    if walkerWaits && slotCount < capacity { roomAvailable.signal() }
                    if workersOverBudget > 0 { budgetAvailable.broadcast() }
                    return steps
                }
                writerWaits = true
                lock.wait(for: headChanged, milliseconds: Self.writerPatience)
                writerWaits = false
            }
        }
    }

    /// Ends the run after slot `number` (the writer's, when writing failed): later slots are
    /// dropped and everyone waiting is woken.
    func stop(after number: Int) {
        lock.withLock {
            lastNumber = min(lastNumber, number)
            wakeEveryone()
        }
    }

    /// Closes the descriptors of inputs never claimed (after a stop, once every thread is done).
    func closeUnclaimedInputs() {
        lock.withLock {
            for index in slots.indices where !slots[index].claimed {
                slots[index].input?.discard()
                slots[index].claimed = true
            }
        }
    }
}
