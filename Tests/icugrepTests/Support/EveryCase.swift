import Foundation
import Testing

/// Runs `check` on every case of a list within one test, as many at once as there are cores
/// (as Swift Testing runs a parameterized test's cases).
///
/// For lists of hundreds of cases: Swift Testing prints a line for every case of a
/// parameterized test, so `swift test` printed thousands of lines; this prints none. A failure
/// is still reported with its case: the checks' messages name the command they ran, and an
/// error thrown by `check` is recorded with the case it was thrown for.
func checkEveryCase<Case: Sendable>(
    _ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation,
    _ check: @escaping @Sendable (Case) throws -> Void
) async {
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    await withTaskGroup(of: Void.self) { group in
        var next = cases.startIndex
        func addNext() {
            guard next < cases.endIndex else { return }
            let testCase = cases[next]
            next += 1
            group.addTask {
                do {
                    try check(testCase)
                } catch {
                    Issue.record(error, "case \(testCase)", sourceLocation: sourceLocation)
                }
            }
        }
        for _ in 0..<width { addNext() }
        while await group.next() != nil { addNext() }
    }
}
