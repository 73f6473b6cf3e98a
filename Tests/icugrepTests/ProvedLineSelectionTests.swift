import Foundation
import Testing
import TestSupport

/// icugrep against GNU grep where the prefilter proves lines selected and nothing but their
/// bytes is printed, so that each is selected as a run of one line without the questions of
/// a line (`FileSearcher.searchLines`), its encoding checked over the line and a few bytes past
/// it (`ASCIIStretch`, `bytescan_first_non_ascii`): invalid UTF-8 and NUL bytes just before,
/// inside and just after lines with `Holmes`, a few bytes past their ends (about the shortest
/// read-ahead of the check), and at the edges of read blocks and of the 2 MiB spans a mapped
/// file is given back in. Each file is searched mapped (named on the command line) and read
/// (standard input redirected from it, in the same blocks as grep's).
@Suite(
    "Lines proved selected, with encoding errors and NULs about them, against GNU grep",
    .enabled(if: ReferenceGrep.isAvailable, "GNU grep with -P is not installed"))
struct ProvedLineSelectionTests {
    /// The block size of GNU grep 3.8, and icugrep's (`InputSource.readSize`).
    static let blockSize = 96 * 1024
    /// The span in which a mapped file's pages are given back (`filemapping_release`).
    static let mappingSpan = 2 << 20

    /// Where the damage goes, relative to a line with `Holmes` (`start..<end`, `end` its
    /// terminator's offset, `literal` the offset of `Holmes` in it): the last byte of the
    /// line before, the line's first byte, just after `Holmes`, the line's last byte, and the
    /// next line's bytes 1, 2, 15, 16 and 17 past the terminator (when the next line is as
    /// long; otherwise a later line's).
    static func places(start: Int, literal: Int, end: Int) -> [Int] {
        [start - 2, start, literal + 6, end - 1, end + 1, end + 2, end + 15, end + 16, end + 17]
    }

    /// About 2.3 MB of lines (fixed seed), mapped when named: words with characters outside
    /// ASCII, `Holmes` on about one line in four (runs of such lines, and lines far apart).
    /// `invalid-byte` and `cut-short` put a byte `FF`, or `C3` before an ASCII byte, at the
    /// places of ``places(start:literal:end:)`` around 60 lines (fixed seed) and the first
    /// lines with `Holmes` from the edges of the first, second and sixth blocks and of the
    /// first mapping span; `nul-N` each one NUL byte just before, inside or just after the
    /// line at one of those edges.
    static let fixture: (directory: URL, names: [String])? = {
        var random = SplitMix64(seed: 0x9A0_7ED_11E5)
        let words = ["the", "a", "Watson", "street", "é", "Ωж", "olmes", "x", "Baker", "的"]
        var text: [UInt8] = []
        // The lines with `Holmes`: start, literal, end.
        var matching: [(start: Int, literal: Int, end: Int)] = []
        while text.count < 2_300_000 {
            // A few lines of filler between one line with `Holmes` and the next: none (a run),
            // a few, or many.
            let gap: Int
            if random.chance(0.3) {
                gap = 0
            } else if random.chance(0.8) {
                gap = random.number(in: 1...6)
            } else {
                gap = random.number(in: 50...400)
            }
            for _ in 0..<gap {
                let line = (0..<random.number(in: 0...9)).map { _ in random.element(of: words) }.joined(separator: " ")
                text += Array(line.utf8) + [0x0A]
            }
            let start = text.count
            let before = (0..<random.number(in: 0...4)).map { _ in random.element(of: words) + " " }.joined()
            let after = (0..<random.number(in: 0...4)).map { _ in " " + random.element(of: words) }.joined()
            text += Array(before.utf8)
            let literal = text.count
            text += Array("Holmes".utf8) + Array(after.utf8)
            matching.append((start, literal, text.count))
            text.append(0x0A)
        }
        var lines = (0..<60).map { _ in matching[random.number(in: 1...(matching.count - 2))] }
        for edge in [1, 2, 6].map({ $0 * blockSize }) + [mappingSpan] {
            if let line = matching.first(where: { $0.start >= edge - 40 }) { lines.append(line) }
        }
        var placed: Set<Int> = []
        for line in lines {
            for place in places(start: line.start, literal: line.literal, end: line.end)
            where place > 0 && place + 1 < text.count && text[place] != 0x0A && text[place + 1] != 0x0A {
                placed.insert(place)
            }
        }
        var invalid = text
        var cutShort = text
        for place in placed {
            invalid[place] = 0xFF
            // A lead byte followed by a byte that cannot continue it.
            if text[place + 1] < 0x80 { cutShort[place] = 0xC3 }
        }
        var files = ["text": text, "invalid-byte": invalid, "cut-short": cutShort]
        // Before the line at the first edge, inside the line at the second, after the others.
        for (index, line) in lines.suffix(4).enumerated() {
            var binary = text
            binary[[line.start - 2, line.literal + 6, line.end + 1, line.end + 1][index]] = 0
            files["nul-\(index)"] = binary
        }
        guard let directory = try? TestProcess.makeDirectory(files.mapValues { Data($0) }) else { return nil }
        return (directory, files.keys.sorted())
    }()

    @Test("Each file, mapped and read, prints what GNU grep prints", arguments: [
        ["Holmes"], ["-m", "900", "Holmes"], ["-e", "Holmes", "-e", "Baker"],
    ])
    func sameAsGNUGrep(_ arguments: [String]) throws {
        let (directory, names) = try #require(Self.fixture)
        let grep = try #require(ReferenceGrep.executable)
        try expectSameAsGNUGrepMappedAndRead(arguments, files: names, in: directory, grep: grep)
    }
}
