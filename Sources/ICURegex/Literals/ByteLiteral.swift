#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A literal found byte for byte, or ignoring ASCII case: the packed-pair probe that finds
/// its likely positions, and the comparison that confirms them.
struct ByteLiteral {
    /// The literal (at least one byte); lowercase ASCII when case is ignored.
    let bytes: [UInt8]
    /// True when ASCII letters match in either case.
    let ignoresASCIICase: Bool

    /// Creates the literal `bytes` (at least one byte; lowercase ASCII when
    /// `ignoresASCIICase`).
    init(_ bytes: [UInt8], ignoresASCIICase: Bool) {
        self.bytes = bytes
        self.ignoresASCIICase = ignoresASCIICase
    }

    /// Adds to `probes` the probe for the literal's two rarest bytes (by
    /// ``TextFrequencyRank``, the earlier of equally rare ones) at their offsets in it, its
    /// start as the probe position. With ignored case, a letter is compared after an OR with
    /// `0x20`, which accepts exactly its two cases.
    func addProbe(to probes: inout ProbeSet, target: Int) {
        let ranked = bytes.indices.sorted {
            let left = TextFrequencyRank.rank(ofByte: bytes[$0])
            let right = TextFrequencyRank.rank(ofByte: bytes[$1])
            return left != right ? left < right : $0 < $1
        }
        let rarest = ranked[0]
        let secondRarest = ranked.count > 1 ? ranked[1] : rarest
        probes.add(side(at: rarest), side(at: secondRarest), target: target)
    }

    /// The probe side for the literal's byte at `index`.
    private func side(at index: Int) -> ProbeByte {
        let byte = bytes[index]
        let isLetter = (0x61...0x7A).contains(byte)
        return ProbeByte(offset: index, value: byte, fold: ignoresASCIICase && isLetter ? 0x20 : 0)
    }

    /// True when the literal lies in `block` at `offset`.
    @inline(__always)
    func occurs(in block: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let length = bytes.count
        guard offset >= 0, offset + length <= block.count else { return false }
        let text = block.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset
        return bytes.withUnsafeBufferPointer { literal in
            if !ignoresASCIICase {
                return memcmp(text, literal.baseAddress!, length) == 0
            }
            for index in 0..<length where CaseFolding.asciiLowercased(text[index]) != literal[index] {
                return false
            }
            return true
        }
    }
}
