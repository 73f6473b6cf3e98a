import Foundation
@testable import ICURegex
import Testing

@Test func zzDebug() throws {
    let kw = (0..<40).map { "(\\bkw\($0)abc\\b)" }.joined(separator: "|")
    for tail in ["|(.)", ""] {
        let p = #"(\r\n|\r|\n)|([\t ]+)|(//.*(?:\r\n|\r|\n))|"# + kw + #"|([a-z_][a-z0-9_]*)|([0-9]+)|(\{)|(\})|(;)|(==|=)|(\+|-)"# + tail
        let pattern = try RegexPattern(p)
        let facts = pattern.endFlagFacts!.value!
        let text = Array(String(repeating: "foo = bar;\n  x == 42\n", count: 300).utf16) + Array("}\n".utf16)
        text.withUnsafeBufferPointer { t in
            print("ZZ", facts.consumable != nil, facts.followers != nil, facts.lastStartThatCannotReachTheEnd(in: t.baseAddress!, count: t.count), t.count)
        }
        for _ in 0..<2 {
        let walk = try text.withUnsafeBufferPointer { t in try MatchWalk(pattern: pattern, text: t.baseAddress, count: t.count, findsEndFlags: true) }
        var n = 0
        while try walk.next() != nil { n += 1 }
        print("ZZ", n, walk.endFlagsWorkedOutWithoutICU, pattern.matchAutomata?.state as Any, pattern.captureBacktrackers?.take()?.searches as Any)
        }
    }
}
