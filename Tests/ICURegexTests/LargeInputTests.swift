import Foundation
import ICURegex
import Testing

extension LibraryTests {
    /// Texts longer than 2^31 - 1 UTF-16 units, which ICU's plain UTF-16 interface cannot
    /// take (the shim gives ICU a UText of its own then), give correct 64-bit offsets.
    ///
    /// ICU searches such a text through its slower UText path, and tries a match at each
    /// position where one could start, so the patterns here begin with a character that occurs
    /// once: ICU then skips ahead to it. A pattern that began with `a` would take minutes.
    ///
    /// The text takes 4 GB, more than `swift test` may use, and a debug build spends about
    /// four minutes scanning it (a minute a search), so the test runs only when asked for:
    /// `ICUREGEX_HUGE_TEXTS=1 swift test --filter LargeInputTests`.
    @Suite struct LargeInputTests {
        static let length = (1 << 31) + 64
        static let bAt = (1 << 31) + 10

        /// The environment variable that, set to `1`, runs the 4 GB test.
        static let hugeTextsRequested = ProcessInfo.processInfo.environment["ICUREGEX_HUGE_TEXTS"] == "1"

        @Test(
            "a 2^31 + 64 unit text finds matches past 2^31",
            .enabled(if: hugeTextsRequested, "a 4 GB text: set ICUREGEX_HUGE_TEXTS=1 to run it")
        )
        func matchesPastTwoToThe31() throws {
            let clock = ContinuousClock()
            let allocationStart = clock.now
            let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: Self.length)
            defer { buffer.deallocate() }
            buffer.initialize(repeating: 0x61)  // "a"
            print("LargeInputTests: allocating and filling 4 GB: \(clock.now - allocationStart)")
            buffer[Self.bAt] = 0x62  // "b"
            buffer[Self.length - 1] = 0x63  // "c"
            // 😀 across 2^31, which is also a boundary of the shim's chunks.
            buffer[(1 << 31) - 1] = 0xD83D
            buffer[1 << 31] = 0xDE00
            let text = UnsafeBufferPointer(buffer)

            func timed<Result>(_ label: String, _ search: () throws -> Result) rethrows -> Result {
                let start = clock.now
                defer { print("LargeInputTests: \(label): \(clock.now - start)") }
                return try search()
            }

            let b = try RegexPattern("b")
            #expect(try timed("b") { try b.firstRange(inUTF16: text) } == UTF16Range(location: Self.bAt, length: 1))
            // The pair is read forward and backward across the chunk boundary.
            let emoji = try RegexPattern("\\x{1F600}(?<=a\\x{1F600})a(?=a)")
            #expect(try timed("emoji") { try emoji.firstRange(inUTF16: text) } == UTF16Range(location: (1 << 31) - 1, length: 3))
            let lastC = try RegexPattern("c(?<=ac)$")
            #expect(try timed("c at the end") { try lastC.firstRange(inUTF16: text) } == UTF16Range(location: Self.length - 1, length: 1))
            // The convenience takes the same path; a range that starts at 5 is still too long
            // for ICU's UTF-16 interface.
            #expect(timed("convenience") { RegexPattern.firstRange(of: "b(?<=ab)", inUTF16: text, range: 5..<Self.length) } == UTF16Range(location: Self.bAt, length: 1))

            // Ranges that start past 2^31, and one that straddles it: short texts of their own,
            // whose offsets must come back 64-bit.
            #expect(try b.firstRange(inUTF16: text, range: (1 << 31)..<Self.length) == UTF16Range(location: Self.bAt, length: 1))
            #expect(try b.firstRange(inUTF16: text, range: Self.bAt..<Self.length, anchored: true) == UTF16Range(location: Self.bAt, length: 1))
            #expect(try b.firstRange(inUTF16: text, range: (Self.bAt + 1)..<Self.length).isNotFound)
            #expect(try b.firstRange(inUTF16: text, range: ((1 << 31) - 100)..<(Self.bAt + 1)) == UTF16Range(location: Self.bAt, length: 1))
            let anchoredStart = try RegexPattern("^a+b")
            #expect(try anchoredStart.firstRange(inUTF16: text, range: (Self.bAt - 5)..<Self.length) == UTF16Range(location: Self.bAt - 5, length: 6))
        }

        /// ICU's UTF-8 text takes at most 2^31 - 1 bytes: a longer one is refused with an
        /// error, never searched wrongly. (The memory is never touched, so this costs nothing.)
        @Test func utf8TextsLongerThanInt32MaxAreRefused() throws {
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 31, alignment: 16)
            defer { bytes.deallocate() }
            let matcher = try RegexPattern("b").makeMatcher()
            #expect(throws: ICURegexError.illegalArgument) { try matcher.firstMatch(inUTF8: UnsafeRawBufferPointer(bytes)) }
            // The matcher still works afterwards.
            let found = try Array("ab".utf8).withUnsafeBytes { try matcher.firstMatch(inUTF8: $0) }
            #expect(found == 1..<2)
        }
    }
}
