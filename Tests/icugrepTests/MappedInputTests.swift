import Foundation
import Glibc
import Testing
import TestSupport

@testable import icugrep

/// Files large enough to be mapped into memory instead of read: searched as the same bytes
/// read from standard input (which is never mapped) in blocks of the same size are, and ended with an error, not a
/// crash, when they shrink during the search.
@Suite("Mapped input files")
struct MappedInputTests {
    /// Files of a few MiB, all mapped: plain lines; an unterminated last line that ends
    /// exactly at a page boundary (the search writes a terminator after it, into the
    /// mapping's padding); a NUL byte in the fifth block; UTF-16 with a byte-order mark,
    /// which is read and converted instead; and the plain lines twice over (4.8 MB), across
    /// two of the 2 MiB batches that a mapping's pages are given back in.
    static let fixture: EngineFixture? = {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("abcdefghij foo Ωж\u{4E2D}".utf8)
        func lines(_ count: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for _ in 0..<count {
                for _ in 0..<generator.number(in: 0...120) {
                    bytes.append(alphabet[generator.number(in: 0...alphabet.count - 1)])
                }
                bytes.append(UInt8(ascii: "\n"))
            }
            return bytes
        }
        let plain = lines(40_000)
        var unterminated = lines(40_000)
        let pageMultiple = (unterminated.count / 4096 + 2) * 4096
        while unterminated.count < pageMultiple - 8 { unterminated.append(UInt8(ascii: "x")) }
        unterminated += Array(" foo foo".utf8)
        var binary = lines(40_000)
        binary.insert(0, at: 5 * 96 * 1024 + 17)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in String(decoding: lines(20_000), as: UTF8.self).utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return try? EngineFixture([
            "plain": plain, "unterminated": unterminated, "binary": binary, "utf16": utf16, "long": plain + plain,
        ])
    }()

    @Test("A mapped file prints what the same bytes on standard input print", arguments: [
        ["-n", "foo"], ["-c", "j{2}"], ["-b", "-o", "fo+ [ab]"], ["-C2", "-n", "Ωж{2}"], ["-v", "-c", "a"],
        ["-n", "x foo foo$"], ["-c", "^$"], ["-B3", "-m50", "-n", "\u{4E2D}a"], ["-l", "hh"], ["-c", "-v", "\\w"],
    ])
    func sameAsStandardInput(_ arguments: [String]) throws {
        for name in ["plain", "unterminated", "binary", "utf16"] {
            try expectSameAsStandardInput(name, arguments)
        }
    }

    @Test("A mapped file longer than a few of its release batches prints what standard input prints", arguments: [
        ["-a", "-n", "-B3", "foo"], ["-c", "foo"],
    ])
    func longSameAsStandardInput(_ arguments: [String]) throws {
        try expectSameAsStandardInput("long", arguments)
    }

    /// Expects icugrep with `arguments` to print for the fixture's file `name`, mapped, what it
    /// prints for the same bytes on standard input.
    private func expectSameAsStandardInput(_ name: String, _ arguments: [String]) throws {
        let directory = try #require(Self.fixture).directory
        let contents = try Data(contentsOf: directory.appendingPathComponent(name))
        #expect(contents.count >= InputSource.smallestMappedFile)
        let named = ["-H", "--label=\(name)"] + arguments
        let mapped = try TestProcess.icugrep(named + ["--", name], directory: directory)
        // Standard input redirected from the file, not a pipe: a pipe returns smaller
        // blocks, and which block a NUL byte is read in decides what grep prints.
        let read = try TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$ICUGREP\" \"$@\" < \(name)", "sh"] + named,
            directory: directory, environment: ["ICUGREP": TestProcess.icugrep.path])
        #expect(mapped.standardOutput == read.standardOutput, "\(name) \(arguments)")
        #expect(mapped.errors == read.errors, "\(name) \(arguments)")
        #expect(mapped.status == read.status, "\(name) \(arguments)")
    }

    @Test("A mapped file that shrinks during the search ends it with an error, not SIGBUS",
          arguments: [true, false])
    func shrinkingFile(findsNUL: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icugrep-shrink-\(UUID().uuidString)").path
        let size = 4 << 20
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(ascii: "a"), count: size)))
        defer { unlink(path) }
        let descriptor = open(path, O_RDWR)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let source = try #require(InputSource(descriptor: descriptor, encoding: nil, fileSize: size))
        var buffer = InputBuffer(capacity: 1024)
        defer { buffer.endView() }

        #expect(source.readBlock(into: &buffer, limit: 1 << 20, findsNUL: findsNUL) == 1 << 20)
        let isView = buffer.isView
        #expect(isView)
        #expect(ftruncate(descriptor, 1 << 21) == 0)
        // The second MiB is still in the file; the third is not.
        #expect(source.readBlock(into: &buffer, limit: 1 << 20, findsNUL: findsNUL) == 1 << 20)
        #expect(!source.shrank)
        #expect(source.readBlock(into: &buffer, limit: 1 << 20, findsNUL: findsNUL) == -1)
        #expect(source.shrank)
    }

    @Test("A block read by the caller (the literal scan that finds its NUL) reports a shrunk file after the read")
    func shrinkingFileReadByCaller() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icugrep-shrink-\(UUID().uuidString)").path
        let size = 4 << 20
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(ascii: "a"), count: size)))
        defer { unlink(path) }
        let descriptor = open(path, O_RDWR)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let source = try #require(InputSource(descriptor: descriptor, encoding: nil, fileSize: size))
        var buffer = InputBuffer(capacity: 1024)
        defer { buffer.endView() }

        /// Reads a block as the caller, every byte of it (summed, so that no read is left out).
        func readBlock(into buffer: inout InputBuffer) -> (count: Int, sum: Int) {
            let start = buffer.count
            let count = source.readBlock(into: &buffer, limit: 1 << 20, findsNUL: false, callerReadsBlock: true)
            guard count > 0 else { return (count, 0) }
            let bytes = UnsafeRawBufferPointer(start: buffer.base + start, count: count)
            return (count, bytes.reduce(0) { $0 + Int($1) })
        }
        let first = readBlock(into: &buffer)
        #expect(first == (1 << 20, (1 << 20) * 0x61))
        #expect(source.blockIsIntact())
        #expect(ftruncate(descriptor, 1 << 21) == 0)
        let second = readBlock(into: &buffer)
        #expect(second == (1 << 20, (1 << 20) * 0x61))
        #expect(source.blockIsIntact() && !source.shrank)
        // The third MiB is gone: its pages read as zeros, and the block is not intact.
        let third = readBlock(into: &buffer)
        #expect(third == (1 << 20, 0))
        #expect(!source.blockIsIntact())
        #expect(source.shrank)
    }
}
