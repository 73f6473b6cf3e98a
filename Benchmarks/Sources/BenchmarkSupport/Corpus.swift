import Foundation

/// The texts the benchmarks search: the shared corpora that sit beside the project at
/// `../shared/corpora` (OpenSubtitles samples from the rebar benchmark), or generated text of
/// the same shape where they are absent, so that the benchmarks always run.
public enum Corpus {
    /// The directory of the shared corpora: `$ICUGREP_CORPORA` when set, else `corpora` in the
    /// `shared` directory beside the project's root; nil when it does not exist.
    public static let directory: URL? = {
        let override = ProcessInfo.processInfo.environment["ICUGREP_CORPORA"]
        // This file is <root>/Benchmarks/Sources/BenchmarkSupport/Corpus.swift.
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidate = override.map { URL(fileURLWithPath: $0) }
            ?? root.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return nil }
        return candidate
    }()

    /// English subtitles: `en-sampled.txt`, or generated English-like lines.
    public static var english: String {
        load("en-sampled.txt") ?? generatedEnglish(byteCount: 900_000)
    }

    /// The Adventures of Sherlock Holmes (Project Gutenberg's text, about 600 KB, with a BOM
    /// and CRLF line ends): the copy in the repository's test fixtures
    /// (`Tests/Fixtures/corpora/sherlock.txt`), else the shared corpus of that name, else nil.
    public static var sherlock: String? {
        let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/corpora/sherlock.txt")
        return (try? String(contentsOf: fixture, encoding: .utf8)) ?? load("sherlock.txt")
    }

    /// The root of the repository: this file is <root>/Benchmarks/Sources/BenchmarkSupport/Corpus.swift.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The contents of the shared corpus `name`, or nil when there is none.
    public static func load(_ name: String) -> String? {
        guard let directory else { return nil }
        return try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// `text` repeated until the result holds at least `byteCount` UTF-8 bytes.
    public static func repeated(_ text: String, toAtLeast byteCount: Int) -> String {
        let unit = text.utf8.count
        precondition(unit > 0, "Corpus.repeated: empty text")
        return String(repeating: text, count: (byteCount + unit - 1) / unit)
    }

    /// The longest run of whole lines at the start of `text` that fits in `byteCount` UTF-8
    /// bytes (cutting at a line end keeps every line intact).
    public static func prefix(of text: String, lineAlignedToAtMost byteCount: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > byteCount else { return text }
        let limit = utf8.index(utf8.startIndex, offsetBy: byteCount)
        guard let lastNewline = utf8[..<limit].lastIndex(of: UInt8(ascii: "\n")) else {
            return String(text[..<limit])
        }
        return String(text[...lastNewline])
    }

    /// Deterministic English-like text of about `byteCount` bytes: short lines of common words
    /// with capitals, punctuation and digits, close enough to subtitles for a regex engine.
    /// Used only when the shared corpora are absent.
    public static func generatedEnglish(byteCount: Int) -> String {
        let words = [
            "the", "you", "and", "that", "what", "this", "know", "have", "was", "just", "not",
            "with", "there", "right", "here", "think", "about", "come", "going", "really",
            "want", "never", "something", "anything", "tonight", "railroad", "payroll",
            "village", "conscious", "condition", "places", "beginning", "coincidental",
        ]
        var generator = SplitMix64(seed: 0x1C0_6E3)
        var text = ""
        text.reserveCapacity(byteCount + 100)
        while text.utf8.count < byteCount {
            let wordCount = 2 + Int(generator.next() % 9)
            var line: [String] = []
            for index in 0..<wordCount {
                var word = words[Int(generator.next() % UInt64(words.count))]
                if index == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
                line.append(word)
            }
            if generator.next() % 10 == 0 { line.append(String(generator.next() % 1000)) }
            text += line.joined(separator: " ") + [".", "?", "!", "..."][Int(generator.next() % 4)] + "\n"
        }
        return text
    }
}

/// A small, fast, seedable random number generator (SplitMix64), so that generated text is
/// the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
