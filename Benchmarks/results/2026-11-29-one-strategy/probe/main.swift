import Foundation
import ICURegex
import RawICU

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

/// CPU time of this thread, in nanoseconds.
func cpuNanoseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}
func makeText(_ s: String) -> UnsafeBufferPointer<UInt16> {
    let b = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: s.utf16.count)
    _ = b.initialize(from: s.utf16)
    return UnsafeBufferPointer(b)
}
let logText: String = {
    var state: UInt64 = 0x4C4F_4753
    func next(_ bound: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(bound)) }
    let levels = ["INFO", "INFO", "INFO", "WARN", "DEBUG", "ERROR"]
    let subjects = ["cache", "request", "worker", "session", "índice", "задача"]
    let verbs = ["evicted", "served", "started", "failed", "retried"]
    var lines: [String] = []; var units = 0
    while units < 1_000_000 {
        let date = "20\(10 + next(17))-" + String(format: "%02d-%02d", 1 + next(12), 1 + next(28))
        let line = "\(date) \(levels[next(levels.count)]) \(subjects[next(subjects.count)]) \(next(10_000)) " + "\(verbs[next(verbs.count)]) after \(next(1000)) ms\n"
        lines.append(line); units += line.utf16.count
    }
    return lines.joined()
}()
let codeText: String = {
    var state: UInt64 = 0x4C45_5845
    func next(_ bound: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(bound)) }
    let names = ["count", "index", "total_sum", "x", "buffer2", "next", "value", "résumé"]
    let operators = ["=", "+", "-", "*", "(", ")", "/"]
    var lines: [String] = []; var units = 0
    while units < 1_000_000 {
        var line = ""
        for _ in 0..<(3 + next(6)) { line += next(3) == 0 ? String(next(100_000)) : names[next(names.count)]; line += " " + operators[next(operators.count)] + " " }
        line += "1;\n"; lines.append(line); units += line.utf16.count
    }
    return lines.joined()
}()
let english: String = {
    let s = try! String(contentsOfFile: "/work/shared/corpora/en-sampled.txt", encoding: .utf8)
    let u = s.utf8; guard u.count > 1_000_000 else { return s }
    let limit = u.index(u.startIndex, offsetBy: 1_000_000)
    let nl = u[..<limit].lastIndex(of: 10)!
    return String(s[..<nl])
}()
let filter = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
let reps = 7
/// The median CPU time of `reps` runs of `f`, and its count.
func time(_ f: () -> Int) -> (Double, Int) {
    var ts: [Double] = []; var c = 0
    for _ in 0..<reps { let t0 = cpuNanoseconds(); c = f(); ts.append((cpuNanoseconds() - t0) / 1e6) }
    ts.sort(); return (ts[reps / 2], c)
}

// 1. Call overhead: short texts, many calls; ns per call, and the ratio to raw ICU's call.
let calls = 100_000
let phone = "[0-9]{3}-[0-9]{3}-[0-9]{4}"
let short = "call 555-123-4567 now"
let shortUnits = makeText(short)
do {
    let units = Array(phone.utf16); var code: Int32 = 0
    let raw = rawicu_open(units, Int32(units.count), 0, &code)!
    let compiled = try! RegexPattern(phone)
    let backReference = try! RegexPattern(#"(\d)\1"#)
    let bref = makeText("call 555-123-4567 now")
    let matcher = try! compiled.makeMatcher()
    let cases: [(String, () -> Int)] = [
        ("call: raw ICU", { var n = 0; var s: Int32 = 0; var e: Int32 = 0; for _ in 0..<calls { if rawicu_first_match(raw, shortUnits.baseAddress, Int32(shortUnits.count), &s, &e, &code) { n += 1 } }; return n }),
        ("call: firstRange(inUTF16:)", { var n = 0; for _ in 0..<calls { if !(try! compiled.firstRange(inUTF16: shortUnits)).isNotFound { n += 1 } }; return n }),
        ("call: firstMatch(in: String)", { var n = 0; for _ in 0..<calls { if (try! compiled.firstMatch(in: short)) != nil { n += 1 } }; return n }),
        ("call: String.range(ofRegex:)", { var n = 0; for _ in 0..<calls { if short.range(ofRegex: phone) != nil { n += 1 } }; return n }),
        ("call: RegexMatcher.firstMatch", { var n = 0; for _ in 0..<calls { if (try! matcher.firstMatch(inUTF16: shortUnits)) != nil { n += 1 } }; return n }),
        ("call: back reference firstRange", { var n = 0; for _ in 0..<calls { if !(try! backReference.firstRange(inUTF16: bref)).isNotFound { n += 1 } }; return n }),
    ]
    for round in 0..<3 {
        var line = "calls r\(round):"
        var rawTime = 1.0
        for (name, f) in cases where filter.isEmpty || name.contains(filter) || filter == "call" {
            let (t, c) = time(f)
            precondition(c == calls, "\(name): \(c)")
            if name == "call: raw ICU" { rawTime = t }
            line += String(format: " | %@ %.0f ns (%.2fx)", String(name.dropFirst(6)), t * 1e6 / Double(calls), t / rawTime)
        }
        print(line)
    }
}

// 2. Workloads: long texts through every API.
struct W { let name: String; let pattern: String; let text: UnsafeBufferPointer<UInt16>; let group: Int }
let englishUnits = makeText(english)
let ws = [
    W(name: "log line fields", pattern: #"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, text: makeText(logText), group: 5),
    W(name: "lexer", pattern: #"([A-Za-z_]\w*)|(\d+)|([-+*/=();])"#, text: makeText(codeText), group: 3),
    W(name: "(\\w+) (\\w+)", pattern: #"(\w+) (\w+)"#, text: englishUnits, group: 2),
    W(name: "capitalized words", pattern: #"\p{Lu}\p{Ll}+"#, text: englishUnits, group: 0),
    W(name: "literal Holmes", pattern: "Holmes", text: englishUnits, group: 0),
    W(name: "required literal", pattern: #"\w+ing\b"#, text: englishUnits, group: 0),
    W(name: "word ending", pattern: #"[a-z]+tion"#, text: englishUnits, group: 0),
    W(name: "alternation", pattern: "Sherlock|Watson|Holmes|Moriarty|Lestrade|Hudson|Baker|Street|London|Doctor|Inspector|Mycroft", text: englishUnits, group: 0),
    W(name: "back reference", pattern: #"\b(\w+) \1\b"#, text: englishUnits, group: 1),
]
for w in ws where filter.isEmpty || w.name.contains(filter) {
    let units = Array(w.pattern.utf16); var code: Int32 = 0
    let raw = rawicu_open(units, Int32(units.count), 0, &code)!
    let compiled = try! RegexPattern(w.pattern)
    let text = w.text
    let rawF = { () -> Int in var cs: Int64 = 0; let n = rawicu_count_matches(raw, text.baseAddress, Int32(text.count), Int32(w.group), &cs, &code); blackHole(cs); return Int(n) }
    let nativeF = { () -> Int in var n = 0; for m in compiled.matches(inUTF16: text) { blackHole(m.range); if w.group > 0 { blackHole(m.groupRanges[w.group - 1]) }; n += 1 }; return n }
    let matcherF = { () -> Int in
        let matcher = try! compiled.makeMatcher(); var n = 0; var from = 0
        while from <= text.count, let m = try! matcher.firstMatch(inUTF16: text, from: from) {
            blackHole(m); n += 1; from = m.upperBound
            if m.isEmpty { from += 1 }
        }
        return n
    }
    // firstRange on successive 64 Ki-unit slices, each searched as a text of its own.
    let slicesF = { () -> Int in
        var n = 0; var start = 0
        while start < text.count { let end = min(text.count, start + 1 << 16); if !(try! compiled.firstRange(inUTF16: text, range: start..<end)).isNotFound { n += 1 }; start = end }
        return n
    }
    for round in 0..<3 {
        let (r, rc) = time(rawF); let (m, mc) = time(matcherF); let (n, nc) = time(nativeF); let (s, sc) = time(slicesF)
        precondition(rc == mc && rc == nc, "\(w.name): counts \(rc) \(mc) \(nc)")
        print(String(format: "%@ r%d: rawICU %.2f ms | RegexMatcher %.2f ms (%.2fx) | matches %.2f ms (%.2fx) | slices %.2f ms (%.2fx, %d found)", w.name, round, r, m, m / r, n, n / r, s, s / r, sc))
    }
}
