// Runs the ZeroLengthMatches "first 1000" walk of RegexPattern.firstRange(inUTF16:range:) ROUNDS times
// over the first 2^20 UTF-16 units of the English corpus repeated: `Driver PATTERN ROUNDS [LIMIT]`.
import Foundation
import ICURegex

let arguments = CommandLine.arguments
let pattern = arguments[1]
let rounds = Int(arguments[2])!
let limit = arguments.count > 3 ? Int(arguments[3])! : 1000
let english = try! String(contentsOfFile: "/work/shared/corpora/en-sampled.txt", encoding: .utf8)
var units: [UInt16] = []
while units.count < 1 << 20 { units += Array(english.utf16) }
units.removeSubrange((1 << 20)...)
let compiled = try! RegexPattern(pattern)
// With a fourth argument, walks of every match first (that many), as the suite's "every match" rows do before.
let everyMatchWalks = arguments.count > 4 ? Int(arguments[4])! : 0
var total = 0
var times: [UInt64] = []
units.withUnsafeBufferPointer { text in
    let length = text.count
    // Two walks first, as the benchmark's setup does (the automaton is built by then).
    for _ in 0..<everyMatchWalks {
        var position = 0
        while position <= length {
            let found = try! compiled.firstRange(inUTF16: text, range: position..<length)
            if found.isNotFound { break }
            position = found.length == 0 ? found.location + 1 : found.location + found.length
        }
    }
    for round in 0..<(2 + rounds) {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { if round >= 2 { times.append(DispatchTime.now().uptimeNanoseconds - started) } }
        var count = 0
        var position = 0
        while count < limit, position <= length {
            let found = try! compiled.firstRange(inUTF16: text, range: position..<length)
            if found.isNotFound { break }
            count += 1
            position = found.length == 0 ? found.location + 1 : found.location + found.length
        }
        total += count
    }
}
print(total)
times.sort()
if !times.isEmpty {
    let q = { (p: Double) in Double(times[min(times.count - 1, Int(p * Double(times.count)))]) / 1000 }
    print("walk µs p0 \(q(0)) p25 \(q(0.25)) p50 \(q(0.5)) p75 \(q(0.75))")
}
