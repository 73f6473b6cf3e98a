import Testing
import Foundation
import ICURegex
import ICURegexFoundation

@Test func smoke() throws {
    let s = "call 555-123-4567 now"
    let r = s.range(ofRegex: "[0-9]{3}-[0-9]{3}-[0-9]{4}")
    #expect(r.map { String(s[$0]) } == "555-123-4567")
    let r2 = s.range(ofRegex: "CALL", options: .caseInsensitive)
    #expect(r2 != nil)
    let o: NSString.CompareOptions = [.caseInsensitive]
    #expect(s.range(ofRegex: "CALL", options: o) != nil)
    #expect((s as NSString).range(ofRegex: "x*") == NSRange(location: 0, length: 0))
    #expect((s as NSString).range(ofRegex: "(").location == NSNotFound)
    #expect(("STRASSE" as NSString).range(ofRegex: "straße", options: .caseInsensitive) == NSRange(location: 0, length: 7))
    #expect(("call 555-123-4567 now" as NSString).range(ofRegex: "^l", range: NSRange(location: 3, length: 5)) == NSRange(location: 3, length: 1))
    #expect(("call 555-123-4567 now" as NSString).range(of: "^l", options: .regularExpression, range: NSRange(location: 3, length: 5)) == NSRange(location: 3, length: 1))
}
