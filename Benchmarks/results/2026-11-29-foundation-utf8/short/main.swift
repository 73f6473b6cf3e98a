import Foundation
import ICURegexFoundation
func cpuNow() -> Double { var t = timespec(); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec) }
@inline(never) func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }
let texts = ["call Sherlock Holmes now, said John Watson", "Шерлок Холмс сказал доктору Ватсону", "夏洛克·福尔摩斯说 😀 华生"]
let patterns = ["Sherlock Holmes", "Холмс", "福尔摩斯", "Holmes|Watson|Ватсон|华生|😀"]
for round in 0..<3 {
    var line = "r\(round):"
    for pattern in patterns {
        let e = try! ICURegularExpression(pattern: pattern)
        for (name, f) in [
            ("firstMatch", { (s: String) in blackHole(e.firstMatch(in: s, range: NSRange(location: 0, length: s.utf16.count))) }),
            ("numberOfMatches", { (s: String) in blackHole(e.numberOfMatches(in: s, range: NSRange(location: 0, length: s.utf16.count))) }),
            ("matches", { (s: String) in blackHole(e.matches(in: s, range: NSRange(location: 2, length: s.utf16.count - 4))) }),
        ] as [(String, (String) -> Void)] {
            var times: [Double] = []
            for _ in 0..<5 {
                let start = cpuNow()
                for _ in 0..<20_000 { for t in texts { f(t) } }
                times.append((cpuNow() - start) / 60_000)
            }
            times.sort()
            line += String(format: " %@/%@ %.0f ns |", String(pattern.prefix(6)), name, times[2])
        }
    }
    print(line)
}
