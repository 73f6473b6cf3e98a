// A driver for alternated timings and instruction counts of the walk over a string's UTF-8 (task
// utf8near). Usage: DriveU8 API ITERATIONS [PATTERN]: builds about 4 MB of English subtitles with
// `DRIVEU8_RUSSIAN_PERCENT` (default 20) of the words replaced by Russian ones (a fixed choice),
// as a `String` (at 20 %, not mostly ASCII: more than nine bytes for eight UTF-16 units, so that
// `ICURegularExpression` walks its UTF-8; at 10 %, about 1.09 bytes a unit, it searches the
// UTF-16), runs API once untimed (warm-up: the pattern's automaton is worked out), then ITERATIONS
// times, printing each iteration's milliseconds and the result; without PATTERN, for each of the
// patterns below. APIs: `count` (ICURegularExpression.numberOfMatches), `matches`
// (ICURegularExpression.matches), `first` (ICURegularExpression.firstMatch), `replace`
// (RegexPattern.replacing(in:withTemplate:)). The measured call is `driveU8Measured`, for
// callgrind's --toggle-collect.
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

let arguments = CommandLine.arguments
let api = arguments[1]
let iterations = Int(arguments[2])!
let patterns = arguments.count > 3
    ? [arguments[3]]
    : [#"\bcontrol[a-z]*er\b"#, #"\bhelp\w*"#, #"\b\d{1,2}:\d{2}\b"#, #"\b(?:Mr|Dr)\.? [A-Z][a-z]+"#]

let russianPercent = UInt64(ProcessInfo.processInfo.environment["DRIVEU8_RUSSIAN_PERCENT"] ?? "20")!

func mixedText(byteCount: Int) -> String {
    let russian = (Corpus.load("ru-sampled.txt") ?? "слово другое").split(whereSeparator: { $0 == " " || $0 == "\n" })
        .filter { !$0.isEmpty }.prefix(5_000).map(String.init)
    // SplitMix64, fixed seed.
    var state: UInt64 = 0x5554_4638_4E45_4152
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var lines: [String] = []
    for line in Corpus.english.split(separator: "\n", omittingEmptySubsequences: false) {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            next() % 100 < russianPercent ? russian[Int(next() % UInt64(russian.count))] : String(word)
        }
        lines.append(words.joined(separator: " "))
    }
    return Corpus.repeated(lines.joined(separator: "\n") + "\n", toAtLeast: byteCount)
}

@inline(never)
func driveU8Measured(_ body: () -> Int) -> Int { body() }

let text = mixedText(byteCount: 4_000_000)
let range = NSRange(location: 0, length: text.utf16.count)
print("text: \(text.utf8.count) bytes, \(text.utf16.count) UTF-16 units")
for pattern in patterns {
    let expression = try! ICURegularExpression(pattern: pattern)
    let compiled = try! RegexPattern(pattern)
    let measured: () -> Int
    switch api {
    case "count": measured = { expression.numberOfMatches(in: text, options: [], range: range) }
    case "matches": measured = { expression.matches(in: text, options: [], range: range).count }
    case "first": measured = { expression.firstMatch(in: text, options: [], range: range)?.range.location ?? -1 }
    case "replace": measured = { (try! compiled.replacing(in: text, withTemplate: "<$0>")).utf8.count }
    default: fatalError("unknown API \(api)")
    }
    var result = measured()
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        result = driveU8Measured(measured)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let formatted = times.map { String(format: "%.2f", $0) }.joined(separator: " ")
    print("\(api) \(pattern): result \(result), ms \(formatted), min \(String(format: "%.2f", times.min() ?? 0))")
}
