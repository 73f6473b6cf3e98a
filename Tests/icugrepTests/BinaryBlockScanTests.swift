import Foundation
import Testing
import TestSupport

/// icugrep against GNU grep on binary files searched for one literal or a few (Teddy), whose
/// blocks are each scanned once for the literal (or Teddy's candidates) and for their first
/// NUL byte together (the prefilter's `scanBlockFindingNUL`): where "binary file matches" appears, which lines are printed before
/// it, NUL as a line end once the input is binary, `-c`, `-o`, `-a`, and
/// `--binary-files=without-match`. The files are larger than a block and than the smallest
/// mapped file: each is searched mapped (named on the command line) and read (standard input
/// redirected from it, which gives grep's blocks too; a pipe would return other ones).
@Suite(
    "Binary files searched for a literal, against GNU grep",
    .enabled(if: ReferenceGrep.isAvailable, "GNU grep with -P is not installed"))
struct BinaryBlockScanTests {
    /// The block size of GNU grep 3.8, and icugrep's (`InputSource.readSize`).
    static let blockSize = 96 * 1024

    /// Lines of words (fixed seed), many holding `Holmes`, the first line too (at offset 2);
    /// then copies with one NUL byte put before the first `Holmes`, right after it,
    /// at the last byte of the first block and the first of the second, in the sixth block,
    /// and at the file's last byte.
    static let fixture: (directory: URL, names: [String])? = {
        var random = SplitMix64(seed: 0x42_494E_4152)
        let words = ["Holmes", "Watson", "the", "a", "olmes", "Holm", "street", "x"]
        var text: [UInt8] = Array("a Holmes\n".utf8)
        while text.count < 1_200_000 {
            let line = (0..<random.number(in: 0...12)).map { _ in random.element(of: words) }.joined(separator: " ")
            text += Array(line.utf8) + [UInt8(ascii: "\n")]
        }
        let firstMatch = 2
        let places = [
            "before-first": max(0, firstMatch - 1), "after-first": firstMatch + 7, "block-end": blockSize - 1,
            "block-start": blockSize, "sixth-block": 5 * blockSize + 17, "last-byte": text.count - 1,
        ]
        var files = ["text": text]
        for (name, place) in places {
            var binary = text
            binary[place] = 0
            files[name] = binary
        }
        guard let directory = try? TestProcess.makeDirectory(files.mapValues { Data($0) }) else { return nil }
        return (directory, files.keys.sorted())
    }()

    @Test("Each file, mapped and read, prints what GNU grep prints", arguments: [
        ["Holmes"], ["-c", "Holmes"], ["-o", "Holmes"], ["-n", "-o", "olmes"], ["-a", "-c", "Holmes"],
        ["--binary-files=without-match", "Holmes"], ["-b", "-A1", "Holmes"], ["-c", "-v", "Holmes"],
        // `ol` occurs more often in a block than the scan keeps: the blocks after such a
        // block are searched for their NUL alone.
        ["-c", "ol"], ["-n", "ol"], ["-c", "-v", "ol"],
        ["-e", "Holmes", "-e", "Watson"], ["-c", "-e", "Holmes", "-e", "street"], ["-n", "-o", "-e", "olmes", "-e", "Watson"],
        ["-c", "-v", "-e", "Holm", "-e", "x"],
    ])
    func sameAsGNUGrep(_ arguments: [String]) throws {
        let (directory, names) = try #require(Self.fixture)
        let grep = try #require(ReferenceGrep.executable)
        try expectSameAsGNUGrepMappedAndRead(arguments, files: names, in: directory, grep: grep)
    }
}
