import Foundation
import ICURegex
import Testing
import TestSupport

extension LibraryTests {
    /// One compiled pattern searched from many tasks and threads at once gives the answers a
    /// serial search gives.
    @Suite struct ConcurrencyTests {
        static let taskCount = 16
        static let pattern = "(?<=\\b|_)\\w+ß|[0-9]{2,}|σ.?ς|(?<!😀)\\p{Greek}+"

        /// Generated inputs, as UTF-16 with a search range each.
        static func inputs() -> [(units: [UInt16], range: Range<Int>)] {
            var generator = CaseGenerator(seed: 0xC0_4C_0DE)
            return (0..<5_000).map { _ in
                let generated = generator.nextCase()
                return (generated.units, generated.range)
            }
        }

        static func search(_ compiled: RegexPattern, _ inputs: [(units: [UInt16], range: Range<Int>)]) -> [UTF16Range] {
            inputs.map { input in
                input.units.withUnsafeBufferPointer { units in
                    (try? compiled.firstRange(inUTF16: units, range: input.range)) ?? UTF16Range(location: -1, length: -1)
                }
            }
        }

        @Test func taskGroupAgreesWithSerial() async throws {
            let compiled = try RegexPattern(Self.pattern, options: .caseInsensitive)
            let inputs = Self.inputs()
            let serial = Self.search(compiled, inputs)
            #expect(serial.contains { !$0.isNotFound })
            #expect(serial.contains { $0.isNotFound })
            #expect(!serial.contains { $0.location < 0 }, "a serial search failed")

            let results = await withTaskGroup(of: (Int, [UTF16Range]).self) { group in
                for task in 0..<Self.taskCount {
                    group.addTask {
                        // Each task starts at a different input, so different inputs overlap.
                        let shift = task * inputs.count / Self.taskCount
                        let rotated = Array(inputs[shift...] + inputs[..<shift])
                        var answers = Self.search(compiled, rotated)
                        answers = Array(answers[(answers.count - shift)...] + answers[..<(answers.count - shift)])
                        return (task, answers)
                    }
                }
                var results: [Int: [UTF16Range]] = [:]
                for await (task, answers) in group { results[task] = answers }
                return results
            }
            #expect(results.count == Self.taskCount)
            for (task, answers) in results.sorted(by: { $0.key < $1.key }) {
                #expect(answers == serial, "task \(task) disagrees with the serial search")
            }
        }

        /// The search plan's automaton, whose lazily built tables are lent to one search at a
        /// time, gives every task the answer of ICU alone on ranges long enough to use it.
        @Test func automatonRunsFromManyTasks() async throws {
            let source = "\\p{Greek}+\\s+\\d+"
            let compiled = try RegexPattern(source)
            var random = SplitMix64(seed: 0xC0_A070)
            var generated: [[UInt16]] = []
            for _ in 0..<8 {
                var text: [UInt16] = []
                while text.count < (1 << 16) + 4_000 {
                    text += Array((random.chance(0.01) ? "Ωμέγα 42 " : random.chance(0.02) ? "λόγος " : "the and ").utf16)
                }
                generated.append(text)
            }
            let texts = generated
            let plain = try RegexPattern(source, options: [], limits: .default, usesSearchPlan: false)
            let expected = try texts.map { text in try text.withUnsafeBufferPointer { try plain.firstRange(inUTF16: $0, range: 7..<text.count) } }
            let answers = await withTaskGroup(of: (Int, [UTF16Range]).self) { group in
                for task in 0..<Self.taskCount {
                    group.addTask {
                        let answers = (0..<texts.count).map { index in
                            let text = texts[(index + task) % texts.count]
                            return text.withUnsafeBufferPointer { (try? compiled.firstRange(inUTF16: $0, range: 7..<text.count)) ?? .notFound }
                        }
                        return (task, answers)
                    }
                }
                var results: [Int: [UTF16Range]] = [:]
                for await (task, answers) in group { results[task] = answers }
                return results
            }
            for (task, found) in answers {
                for index in found.indices {
                    #expect(found[index] == expected[(index + task) % texts.count], "task \(task), text \(index)")
                }
            }
        }

        /// One thread's answers; only that thread writes them, before `done.leave()`.
        final class Slot: @unchecked Sendable {
            var answers: [UTF16Range] = []
            var stringAnswers: [Range<Int>?] = []
        }

        static func stringSearches(_ strings: [String]) -> [Range<Int>?] {
            strings.map { string in
                string.range(ofRegex: Self.pattern).map { $0.lowerBound.utf16Offset(in: string)..<$0.upperBound.utf16Offset(in: string) }
            }
        }

        /// Swift's cooperative pool has only as many threads as cores; plain threads make sure
        /// that many searches really overlap in time, through the shared cache and the matcher
        /// pool too.
        @Test func threadsAgreeWithSerial() throws {
            let compiled = try RegexPattern(Self.pattern)
            let inputs = Self.inputs()
            let strings = inputs.map { String(decoding: $0.units, as: UTF16.self) }
            let serial = Self.search(compiled, inputs)
            let serialStrings = Self.stringSearches(strings)
            #expect(serialStrings.contains { $0 != nil })

            let slots = (0..<8).map { _ in Slot() }
            let done = DispatchGroup()
            for slot in slots {
                done.enter()
                Thread {
                    slot.answers = Self.search(compiled, inputs)
                    slot.stringAnswers = Self.stringSearches(strings)
                    done.leave()
                }.start()
            }
            done.wait()
            for (index, slot) in slots.enumerated() {
                #expect(slot.answers == serial, "thread \(index) disagrees with the serial search")
                #expect(slot.stringAnswers == serialStrings, "thread \(index)'s String searches disagree")
            }
        }
    }
}
