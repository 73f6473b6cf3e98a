import BenchmarkSupport
import Foundation

/// The text of the all-matches suite: The Adventures of Sherlock Holmes (about 600 KB, with
/// its BOM and CRLF line ends), with an e-mail-like address inserted as a line of its own
/// after every 500th line, since the book has none and `(\w+)@(\w+)\.com` would otherwise
/// match nothing.
enum AllMatchesText {
    /// Lines inserted, in turn, after every `addressInterval`th line of the book.
    static let addressLines = [
        "Write to sherlock@bakerstreet.com before noon.",
        "A telegram from watson221@example.com arrived.",
        "Mrs. Hudson (hudson@bakerstreet.com) keeps the rooms.",
        "Inspector lestrade@scotlandyard.com sends his regards.",
        "Reply to irene_adler@bohemia.com at once.",
    ]

    /// The number of lines between two inserted addresses.
    static let addressInterval = 500

    /// The book with the addresses, built on first use, once per benchmark process. Falls back
    /// on the generated English of the other suites when neither the fixture nor the shared
    /// corpus is there (with the addresses, but no Holmes). Foundation drops the book's BOM
    /// when it reads the file.
    static let string: String = {
        let book = Corpus.sherlock ?? Corpus.generatedEnglish(byteCount: 600_000)
        // Split on LF only, among the scalars (a String's characters would not do: CRLF is one
        // character): each line keeps its CR, and each inserted line gets one, so that every
        // line ends in CRLF as in the book.
        var lines = [String]()
        var inserted = 0
        for (number, line) in book.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            lines.append(String(line))
            if number > 0 && number % addressInterval == 0 {
                lines.append(addressLines[inserted % addressLines.count] + "\r")
                inserted += 1
            }
        }
        precondition(inserted > 0, "AllMatchesText: no address inserted into a text of \(lines.count) lines")
        return lines.joined(separator: "\n")
    }()

    /// False when the book is missing and generated English stands in for it (which has no
    /// Holmes).
    static let isBook = Corpus.sherlock != nil

    /// The text in each peer's form.
    static let haystack = Haystack(string)

    /// The text repeated to at least `megabytes` × 10^6 bytes, and the number of copies.
    static func repeated(toAtLeast megabytes: Int) -> (text: String, copies: Int) {
        let unit = string.utf8.count
        let copies = (megabytes * 1_000_000 + unit - 1) / unit
        return (String(repeating: string, count: copies), copies)
    }
}
