import Foundation
import ICURegex
import RawICU

// Every match of a pattern, with group 1, on English subtitles repeated to 4 MB: raw ICU's
// findNext loop, and ICURegex's `matches(inUTF16:)`; the median of the runs, in ms.
let args = CommandLine.arguments
let pattern = args.count > 1 ? args[1] : "\\b(\\w+) \\1\\b"
let runs = args.count > 2 ? Int(args[2])! : 7
let corpus = try! String(contentsOfFile: "/work/shared/corpora/en-sampled.txt", encoding: .utf8)
var text = ""
while text.utf8.count < 4 << 20 { text += corpus }
let units = Array(text.utf16)
let bytes = Array(text.utf8)
func median(_ body: () -> Int) -> (Double, Int) {
    var times: [Double] = []
    var result = 0
    for _ in 0..<runs {
        // CPU time of the process (one thread): the shared machine's load does not count.
        var before = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before)
        result = body()
        var after = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after)
        times.append(Double(after.tv_sec - before.tv_sec) * 1e3 + Double(after.tv_nsec - before.tv_nsec) / 1e6)
    }
    return (times.sorted()[runs / 2], result)
}
let patternUnits = Array(pattern.utf16)
var error: Int32 = 0
let raw = rawicu_open(patternUnits, Int32(patternUnits.count), 0, &error)!
let compiled = try! RegexPattern(pattern)
let (icuTime, icuCount) = median {
    var checksum: Int64 = 0
    var code: Int32 = 0
    return Int(rawicu_count_matches(raw, units, Int32(units.count), 1, &checksum, &code))
}
let (utf16Time, utf16Count) = median {
    units.withUnsafeBufferPointer { buffer in
        var count = 0
        for match in compiled.matches(inUTF16: buffer) { count += 1 + (match.range(at: 1)?.count ?? 0) * 0 }
        return count
    }
}
let (utf8Time, utf8Count) = median {
    bytes.withUnsafeBufferPointer { buffer in
        var count = 0
        for match in compiled.matches(inUTF8: buffer) { count += 1 + (match.range(at: 1)?.count ?? 0) * 0 }
        return count
    }
}
print("pattern \(pattern) on \(units.count) UTF-16 units, median of \(runs), CPU time")
print(String(format: "raw ICU findNext     %8.1f ms  %d matches", icuTime, icuCount))
print(String(format: "matches(inUTF16:)    %8.1f ms  %d matches  ICU/this %.1fx", utf16Time, utf16Count, icuTime / utf16Time))
print(String(format: "matches(inUTF8:)     %8.1f ms  %d matches  ICU/this %.1fx", utf8Time, utf8Count, icuTime / utf8Time))
