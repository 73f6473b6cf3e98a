// A driver for instruction counts and alternated timings of single library rows (task before26;
// task libsuites2 added dense-utf16 and walk-sherlock-string; task libsuites3 rofm-string; task libsuites4 rofm-text).
// Usage: Drive26 CASE ITERATIONS [SIZE]: runs CASE's measured closure once untimed (warm-up,
// lazy plans), then ITERATIONS times, printing each iteration's milliseconds and the result.
import BenchmarkSupport
import Foundation
import ICURegex
import ICURegexFoundation

let arguments = CommandLine.arguments
let caseName = arguments[1]
let iterations = Int(arguments[2])!
let size = arguments.count > 3 ? Int(arguments[3])! : 0

func largeHaystack(megabytes: Int) -> Haystack {
    let marker = "Sherlock Holmes met John Watson at 555-123-4567 by the Ω 221.\n"
    let excluded = try! RegexPattern(
        #"holmes|sherlock|watson|adler|lestrade|moriarty|mycroft|[0-9]{3}-[0-9]{3}-[0-9]{4}|\p{Greek}"#,
        options: .caseInsensitive)
    let lines = Corpus.english.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        (try? excluded.firstMatch(in: line)) == nil
    }
    let clean = lines.joined(separator: "\n") + "\n"
    return Haystack(Corpus.repeated(clean, toAtLeast: megabytes * 1_000_000) + marker)
}

let words = """
    that with about will Yeah good take could little very people give help Good thought long Thank place \
    money ever please course left woman does Right everything stop myself kind Maybe wouldn killed every \
    house gone tomorrow came Because fire start together ready brother turn move such Will since Would \
    both easy speak anybody hands With looks Nothing drink quite watch daughter person close young human \
    Shut order control somebody answer sick Very honey Michael front Perhaps food Jesus promise Christmas \
    possible doctor Everything seven finish asking takes feet Sherlock Holmes Watson night morning \
    Yes Okay sorry father mother world
    """.split(separator: " ").map(String.init)
let regexShapes = [
    #"\b{w}\w*"#, #"\b\w+ing\b"#, #"{w} \w+"#, #"\d{2,4}"#, #"\w+ {w}\b"#, #"[A-Z]{3,}"#, #"\b{w}(?:s|ed|ing)?\b"#,
    #"\b[A-Z][a-z]+ {w}"#, #"\$\d+(?:\.\d\d)?"#, #"{w}[,.!?]"#, #"\b\w+ly\b"#, #"\b\d{1,2}:\d{2}\b"#,
    #"{w}.{0,20}\?"#, #"'\w+'"#, #"\b\w+'(?:s|t|ll|re|ve|d)\b"#, #"\b{w}\W+\w+"#, #"\b(\w+) \1\b"#,
    #"\b\w{12,}\b"#, #"\b{w}[a-z]*er\b"#, #"[.!?]\s+{w}"#, #"\([^)]*\)"#, #"\b(?:Mr|Mrs|Dr)\.? [A-Z][a-z]+"#,
    #"\b{w}\b"#, #"\b[a-z]+{w}\b"#, #"\w+-\w+"#,
]
func shapedRegexes(_ count: Int, words: [String]) -> [String] {
    let slotted = regexShapes.filter { $0.contains("{w}") }
    var nextWord = words.makeIterator()
    return (0..<count).map { index in
        let shape = index < regexShapes.count ? regexShapes[index] : slotted[(index - regexShapes.count) % slotted.count]
        return shape.contains("{w}") ? shape.replacingOccurrences(of: "{w}", with: nextWord.next()!) : shape
    }
}
func unitsOf(_ string: String) -> UnsafeBufferPointer<UInt16> {
    let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: string.utf16.count)
    _ = units.initialize(from: string.utf16)
    return UnsafeBufferPointer(units)
}
func loopMatches(_ compiled: [RegexPattern], _ text: UnsafeBufferPointer<UInt16>) -> Int {
    var all: [(Range<Int>, Int)] = []
    for (index, pattern) in compiled.enumerated() {
        for match in pattern.matches(inUTF16: text) { all.append((match.range, index)) }
    }
    return all.count
}

let measured: () -> Int
switch caseName {
case "phone-string", "phone-utf16", "phone-raw":
    let haystack = largeHaystack(megabytes: size == 0 ? 10 : size)
    let pattern = "[0-9]{3}-[0-9]{3}-[0-9]{4}"
    let compiled = try! RegexPattern(pattern)
    let raw = RawICURegex(pattern)
    switch caseName {
    case "phone-string": measured = { haystack.string.range(ofRegex: pattern).map { haystack.string.utf8.distance(from: haystack.string.startIndex, to: $0.lowerBound) } ?? -1 }
    case "phone-utf16":
        measured = {
            let found: Range<Int>? = (try? compiled.firstMatch(inUTF16: haystack.utf16))?.range
            return found?.lowerBound ?? -1
        }
    default: measured = { raw.firstMatch(in: haystack.utf16)?.lowerBound ?? -1 }
    }
case "dollar1000", "dollarall":
    let haystack = Haystack(Corpus.prefix(of: Corpus.repeated(Corpus.english, toAtLeast: 1 << 20), lineAlignedToAtMost: 1 << 20))
    let compiled = try! RegexPattern("$")
    let limit = caseName == "dollar1000" ? 1000 : Int.max
    measured = {
        countMatches(length: haystack.count, limit: limit) { range in
            (try? compiled.firstMatch(inUTF16: haystack.utf16, range: range))?.range
        }
    }
case "ps-every-shaped", "ps-which-shaped", "ps-every-5050", "ps-which-5050":
    let text = unitsOf(Corpus.repeated(Corpus.english, toAtLeast: size == 0 ? 4_000_000 : size))
    let patterns = caseName.hasSuffix("shaped")
        ? shapedRegexes(100, words: words)
        : Array(words.prefix(50)) + shapedRegexes(50, words: Array(words[50...]))
    let compiled = patterns.map { try! RegexPattern($0) }
    if caseName.hasPrefix("ps-every") {
        measured = { loopMatches(compiled, text) }
    } else {
        measured = { compiled.indices.filter { (try? compiled[$0].firstRange(inUTF16: text))?.isNotFound == false }.count }
    }
case "one-first", "one-every":
    // $PATTERN alone on the English subtitles repeated to SIZE bytes (4 MB when 0), as UTF-16.
    let text = unitsOf(Corpus.repeated(Corpus.english, toAtLeast: size == 0 ? 4_000_000 : size))
    let compiled = try! RegexPattern(ProcessInfo.processInfo.environment["PATTERN"]!)
    if caseName == "one-first" {
        measured = { (try? compiled.firstRange(inUTF16: text))?.location ?? -2 }
    } else {
        measured = {
            var count = 0
            for _ in compiled.matches(inUTF16: text) { count += 1 }
            return count
        }
    }
case "dense-utf16":
    // LargeInputs' text dense in ß, ſ and the Kelvin sign (10 MB), `sherlock holmes` ignoring case.
    let dense = Haystack(Corpus.repeated("Straße ſo KELVIN \u{212A} ßſ\u{212A} mass\n", toAtLeast: 10_000_000) + "Sherlock Holmes\n")
    let compiled = try! RegexPattern("sherlock holmes", options: .caseInsensitive)
    measured = {
        let found: Range<Int>? = (try? compiled.firstMatch(inUTF16: dense.utf16))?.range
        return found?.lowerBound ?? -1
    }
case "walk-sherlock-string":
    // AllMatches' walk of `Holmes` over a String of 10 MB (the book repeated, without its address lines).
    let text = Corpus.repeated(Corpus.sherlock ?? Corpus.english, toAtLeast: 10_000_000)
    let compiled = try! RegexPattern("Holmes")
    measured = {
        var count = 0
        var last = text.startIndex
        for match in compiled.matches(in: text) { last = match.range.upperBound; count += 1 }
        return last == text.startIndex ? -count : count
    }
case "rofm-string":
    // CallOverhead's `ICURegularExpression.rangeOfFirstMatch (String) / ASCII`, SIZE calls (1000 when 0).
    let sample = "call 555-123-4567 now"
    let expression = try! ICURegularExpression(pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}")
    let whole = NSRange(location: 0, length: sample.utf16.count)
    let calls = size == 0 ? 1000 : size
    measured = {
        var total = 0
        for _ in 0..<calls { total &+= expression.rangeOfFirstMatch(in: sample, range: whole).location }
        return total
    }
case "rofm-text":
    // `ICURegularExpression.rangeOfFirstMatch` on $TEXT for $PATTERN, SIZE calls (1000 when 0).
    let env = ProcessInfo.processInfo.environment
    let sample = env["TEXT"]!
    let expression = try! ICURegularExpression(pattern: env["PATTERN"]!)
    let whole = NSRange(location: 0, length: sample.utf16.count)
    let calls = size == 0 ? 1000 : size
    measured = {
        var total = 0
        for _ in 0..<calls { total &+= expression.rangeOfFirstMatch(in: sample, range: whole).location }
        return total
    }
case "ps-per-pattern":
    // Each of the 100 shaped regexes alone, every match then the first: the best of ITERATIONS.
    let text = unitsOf(Corpus.repeated(Corpus.english, toAtLeast: size == 0 ? 4_000_000 : size))
    let patterns = shapedRegexes(100, words: words)
    for (index, source) in patterns.enumerated() {
        let compiled = try! RegexPattern(source)
        var every = Double.infinity, first = Double.infinity
        var count = 0
        for _ in 0...iterations {
            var start = DispatchTime.now().uptimeNanoseconds
            count = 0
            for _ in compiled.matches(inUTF16: text) { count += 1 }
            every = min(every, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            start = DispatchTime.now().uptimeNanoseconds
            _ = try? compiled.firstRange(inUTF16: text)
            first = min(first, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print(index, "every", String(format: "%.2f", every), "first", String(format: "%.3f", first), "count", count, source)
    }
    exit(0)
default:
    fatalError("unknown case \(caseName)")
}

/// One call of the measured closure, a function of its own so that callgrind can count it alone
/// (`--toggle-collect='*drive26Measured*'`).
@inline(never) func drive26Measured() -> Int { measured() }

print("warm-up result", measured())
var times: [Double] = []
for _ in 0..<iterations {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = drive26Measured()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    precondition(result != Int.min)
}
if !times.isEmpty {
    let sorted = times.sorted()
    print(caseName, "ms min", String(format: "%.2f", sorted[0]), "median", String(format: "%.2f", sorted[sorted.count / 2]), "all", times.map { String(format: "%.1f", $0) }.joined(separator: " "))
}
