import BenchmarkSupport
import Foundation
import ICURegex

/// The text of the large-input suite: at least 100 MB (or `$ICUGREP_BENCH_LARGE_MB`) of English
/// subtitles in which no pattern of the suite matches, followed by one marker line in which
/// each of them does.
///
/// A first-match search stops at the first match, and the corpus mentions Sherlock Holmes
/// within its first kilobyte; searched as it is, the suite would measure almost nothing. With
/// every match moved to the very end, each search reads the whole text, so the time measures
/// the engine's speed over all of it, and every peer does the same work.
enum LargeHaystack {
    /// The line appended at the end, which every case but the no-match one finds.
    static let marker = "Sherlock Holmes met John Watson at 555-123-4567 by the Ω 221.\n"

    /// Lines that any pattern of the suite could match, or nearly so, and so are left out.
    static let excludedLines = try! RegexPattern(
        #"holmes|sherlock|watson|adler|lestrade|moriarty|mycroft|[0-9]{3}-[0-9]{3}-[0-9]{4}|\p{Greek}"#,
        options: .caseInsensitive
    )

    /// The size in megabytes (10^6 bytes).
    static let megabytes = ProcessInfo.processInfo.environment["ICUGREP_BENCH_LARGE_MB"].flatMap { Int($0) } ?? 100

    /// The text, built on first use, once per benchmark process (about a second).
    static let haystack: Haystack = {
        let lines = Corpus.english.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            (try? excludedLines.firstMatch(in: line)) == nil
        }
        let clean = lines.joined(separator: "\n") + "\n"
        return Haystack(Corpus.repeated(clean, toAtLeast: megabytes * 1_000_000) + marker)
    }()

    /// Where the marker starts, in UTF-16 units and as a string index.
    static let markerOffset = haystack.count - marker.utf16.count
    static let markerIndex = haystack.string.utf8.index(haystack.string.endIndex, offsetBy: -marker.utf8.count)
}
