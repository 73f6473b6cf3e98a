import Foundation
import ICURegex
import ICURegexFoundation
import Testing

extension LibraryTests {
    /// A million searches with one pattern leave resident memory where it was: nothing leaks
    /// per search (a leaked matcher or text handle per call would show as hundreds of MB).
    @Suite struct MemoryTests {
        static let searchCount = 1_000_000
        static let allowedGrowth = 20 << 20

        /// Resident memory in bytes, from /proc/self/statm (its second field, in pages).
        static func residentBytes() -> Int? {
            guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
            let fields = statm.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }

        /// Runs `search` a few thousand times to warm up, then a million times, and returns the
        /// growth of resident memory over the million.
        static func growth(_ search: () -> Bool) throws -> Int {
            for _ in 0..<10_000 {
                #expect(search())
            }
            let before = try #require(residentBytes())
            var found = 0
            for _ in 0..<searchCount where search() {
                found += 1
            }
            let after = try #require(residentBytes())
            #expect(found == searchCount)
            return after - before
        }

        @Test(.enabled(if: residentBytes() != nil, "/proc/self/statm is not readable"))
        func stringSearchesDoNotGrowMemory() throws {
            let text = "a line of text with a date 2024-05-17 and Straße"
            let growth = try Self.growth { text.range(ofRegex: "\\d{4}-\\d{2}-\\d{2}|STRASSE", options: .caseInsensitive) != nil }
            print("MemoryTests: a million String searches grew resident memory by \(growth / 1024) KB")
            #expect(growth < Self.allowedGrowth)
        }

        @Test(.enabled(if: residentBytes() != nil, "/proc/self/statm is not readable"))
        func utf16AndNSStringSearchesDoNotGrowMemory() throws {
            let compiled = try RegexPattern("(?<=\\s)\\w+ß")
            let units = Array("a line of text with Straße".utf16)
            let growth = try units.withUnsafeBufferPointer { units in
                try Self.growth { (try? compiled.firstRange(inUTF16: units))?.location == 20 }
            }
            print("MemoryTests: a million UTF-16 searches grew resident memory by \(growth / 1024) KB")
            #expect(growth < Self.allowedGrowth)

            let text = "x 2024-05-17" as NSString
            let nsGrowth = try Self.growth { text.range(ofRegex: "\\d+-").location == 2 }
            print("MemoryTests: a million NSString searches grew resident memory by \(nsGrowth / 1024) KB")
            #expect(nsGrowth < Self.allowedGrowth)
        }
    }
}
