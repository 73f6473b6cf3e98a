import Foundation
import ICURegex
import RawICU

@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }

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

struct W { let name: String; let pattern: String; let text: UnsafeBufferPointer<UInt16>; let group: Int }
let ws = [
    W(name: "log line fields", pattern: #"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, text: makeText(logText), group: 5),
    W(name: "lexer", pattern: #"([A-Za-z_]\w*)|(\d+)|([-+*/=();])"#, text: makeText(codeText), group: 3),
    W(name: "(\\w+) (\\w+)", pattern: #"(\w+) (\w+)"#, text: makeText(english), group: 2),
    W(name: "capitalized words", pattern: #"\p{Lu}\p{Ll}+"#, text: makeText(english), group: 0),
]
let filter = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
let reps = 9
func time(_ f: () -> Int) -> (Double, Int) {
    var ts: [Double] = []; var c = 0
    for _ in 0..<reps { let t0 = DispatchTime.now().uptimeNanoseconds; c = f(); ts.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
    ts.sort(); return (ts[reps / 2], c)
}
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
    // Interleave: raw, matcher, native, three rounds.
    for round in 0..<3 {
        let (r, rc) = time(rawF); let (m, mc) = time(matcherF); let (n, nc) = time(nativeF)
        precondition(rc == mc && rc == nc, "\(w.name): counts \(rc) \(mc) \(nc)")
        print(String(format: "%@ r%d: rawICU %.2f ms | RegexMatcher %.2f ms (%.2fx) | matches %.2f ms (%.2fx)", w.name, round, r, m, m / r, n, n / r))
    }
}

// Replacements: ICURegex's replacing(in:withTemplate:) on a String beside uregex_replaceAll on the same UTF-16.
let replacements = [
    ("replace log date -> $3/$2/$1", #"(\d{4})-(\d{2})-(\d{2})"#, "$3/$2/$1"),
    ("replace log line -> $4: $5", #"(\d{4})-(\d{2})-(\d{2}) (\w+) (.*)"#, "$4: $5"),
]
for (name, pattern, template) in replacements where filter.isEmpty || name.contains(filter) {
    let units = Array(pattern.utf16); var code: Int32 = 0
    let raw = rawicu_open(units, Int32(units.count), 0, &code)!
    let compiled = try! RegexPattern(pattern)
    let text = makeText(logText)
    let templateUnits = Array(template.utf16)
    let destination = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: 2 * text.count + 16)
    let rawF = { () -> Int in Int(rawicu_replace_all(raw, text.baseAddress, Int32(text.count), templateUnits, Int32(templateUnits.count), destination.baseAddress, Int32(destination.count), &code)) }
    let nativeF = { () -> Int in (try! compiled.replacing(in: logText, withTemplate: template)).utf16.count }
    for round in 0..<3 {
        let (r, rc) = time(rawF); let (n, nc) = time(nativeF)
        precondition(rc == nc, "\(name): lengths \(rc) \(nc)")
        print(String(format: "%@ r%d: rawICU %.2f ms | replacing %.2f ms (%.2fx)", name, round, r, n, n / r))
    }
}
