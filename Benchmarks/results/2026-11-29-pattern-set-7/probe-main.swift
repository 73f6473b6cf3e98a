import Foundation
import ICURegex
let words = """
    that with about will Yeah good take could little very people give help Good thought long Thank place \
    money ever please course left woman does Right everything stop myself kind Maybe wouldn killed every \
    house gone tomorrow came Because fire start together ready brother turn move such Will since Would \
    both easy speak anybody hands With looks Nothing drink quite watch daughter person close young human \
    Shut order control somebody answer sick Very honey Michael front Perhaps food Jesus promise Christmas \
    possible doctor Everything seven finish asking takes feet Sherlock Holmes Watson night morning \
    Yes Okay sorry father mother world
    """.split(separator: " ").map(String.init)

let regexes = [
    #"\b[A-Z][a-z]+son\b"#, #"\d{2,4}"#, #"wh[a-z]+ever"#, #"\b(No|Yes|Oh), \1\b"#, #"[Tt]omorrow (night|morning)"#,
    #"\$\d+"#, #"(?i)sherlock"#, #"don't \w+"#, #"\b\w+ing\b"#, #"[A-Z]{3,}"#,
]

/// Common shapes of regular expressions, `{w}` standing for a word: written once, not chosen
/// for the set's strategies (some have literals, some none, some are unbounded, one has a
/// back-reference).
let regexShapes = [
    #"\b{w}\w*"#, #"\b\w+ing\b"#, #"{w} \w+"#, #"\d{2,4}"#, #"\w+ {w}\b"#, #"[A-Z]{3,}"#, #"\b{w}(?:s|ed|ing)?\b"#,
    #"\b[A-Z][a-z]+ {w}"#, #"\$\d+(?:\.\d\d)?"#, #"{w}[,.!?]"#, #"\b\w+ly\b"#, #"\b\d{1,2}:\d{2}\b"#,
    #"{w}.{0,20}\?"#, #"'\w+'"#, #"\b\w+'(?:s|t|ll|re|ve|d)\b"#, #"\b{w}\W+\w+"#, #"\b(\w+) \1\b"#,
    #"\b\w{12,}\b"#, #"\b{w}[a-z]*er\b"#, #"[.!?]\s+{w}"#, #"\([^)]*\)"#, #"\b(?:Mr|Mrs|Dr)\.? [A-Z][a-z]+"#,
    #"\b{w}\b"#, #"\b[a-z]+{w}\b"#, #"\w+-\w+"#,
]

/// `count` different regular expressions from ``regexShapes``: every shape once, in order,
/// then the shapes with a slot again, each slot taking the next of `words`.
func shapedRegexes(_ count: Int, words: [String]) -> [String] {
    let slotted = regexShapes.filter { $0.contains("{w}") }
    var nextWord = words.makeIterator()
    return (0..<count).map { index in
        let shape = index < regexShapes.count ? regexShapes[index] : slotted[(index - regexShapes.count) % slotted.count]
        return shape.contains("{w}") ? shape.replacingOccurrences(of: "{w}", with: nextWord.next()!) : shape
    }
}


let patternSets: [(String, [String], RegexPattern.Options)] = [
    ("100 words", Array(words.prefix(100)), []),
    ("90 words and 10 regexes", Array(words.prefix(90)) + regexes, []),
    ("50 words and 50 shaped regexes", Array(words.prefix(50)) + shapedRegexes(50, words: Array(words[50...])), []),
    ("100 shaped regexes", shapedRegexes(100, words: words), []),
    ("100 words ignoring case", Array(words.prefix(100)), .caseInsensitive),
]
let english = try! String(contentsOfFile: "/work/shared/corpora/en-sampled.txt", encoding: .utf8)
let string = String(repeating: english, count: (4_000_000 + english.utf8.count - 1) / english.utf8.count)
let units = Array((getenv("STRIP_SHY") != nil ? string.replacingOccurrences(of: "\u{AD}", with: "") : string).utf16)
/// The thread's CPU time of `body` in ms (PROBE_WALL=1: wall time): the machine is shared and
/// overloaded, so wall times mostly measure the other processes.
func time(_ body: () -> Void) -> Double {
    func now() -> Double {
        if getenv("PROBE_WALL") != nil { return Double(DispatchTime.now().uptimeNanoseconds) }
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
    }
    let start = now()
    body()
    return (now() - start) / 1e6
}
let which = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 3
let perPattern = CommandLine.arguments.count > 2
units.withUnsafeBufferPointer { text in
    var (name, patterns, options) = patternSets[which]
    if let drop = getenv("DROP").map({ String(cString: $0).split(separator: ",").map { Int($0)! } }) {
        patterns = patterns.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }
    if getenv("ONLY") != nil {
        let only = String(cString: getenv("ONLY")!).split(separator: ",").map { Int($0)! }
        patterns = only.map { patterns[$0] }
    }
    let compiled = patterns.map { try! RegexPattern($0, options: options) }
    let set = RegexPatternSet(compiled)
    var n = 0
    let setTime = time { n = try! set.matches(inUTF16: text).count }
    if CommandLine.arguments.count > 2 && CommandLine.arguments[2] == "set" {
        for _ in 0..<3 { n = try! set.matches(inUTF16: text).count }
        print(name, "set", Int(setTime), "ms", n); return
    }
    var m = 0
    let loopTime = time { for p in compiled { m += p.matches(inUTF16: text).reduce(0) { a, _ in a + 1 } } }
    print(name, "set", Int(setTime), "ms", n, "loop", Int(loopTime), "ms", m)
    if perPattern {
        for (i, p) in compiled.enumerated() {
            let one = RegexPatternSet([p])
            var a = 0, b = 0
            let s = time { a = try! one.matches(inUTF16: text).count }
            let l = time { b = p.matches(inUTF16: text).reduce(0) { x, _ in x + 1 } }
            if s > 15 || l > 15 { print(i, patterns[i], "set1", Int(s), a, "loop1", Int(l), b) }
        }
    }
}
