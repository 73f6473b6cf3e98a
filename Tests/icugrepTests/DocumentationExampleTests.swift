import Foundation
import Testing

/// The documentation's examples, compiled and run as their readers would run them, so that
/// none can go stale or stop compiling unnoticed. Each test says what it checks.
@Suite struct DocumentationExampleTests {
    /// The repository's root, found from this file's path (`<root>/Tests/icugrepTests/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents whose Swift code is compiled, relative to the root.
    static let documents = [
        "README.md",
        "Sources/ICURegex/ICURegex.docc/ICURegex.md",
        "Sources/ICURegex/ICURegex.docc/GettingStarted.md",
    ]

    /// The modules a program may import, in the products directory's `<Module>.build`
    /// folders: the library, its C modules, and ICURegexFoundation with its C module.
    static let linkedModules = ["ICURegex", "ICURegexFoundation", "CICUShim", "CByteScan", "CSwiftRuntime"]

    /// The ```` ```swift ```` blocks of a document are one program, in order, as a reader pasting
    /// them into `main.swift` gets it. It is compiled by `swiftc` against the modules and objects
    /// that `swift build` has just built (this test's own products directory), in Swift 6 mode,
    /// must compile without a warning and run with exit status 0, and must print exactly what
    /// its comments say: a line that calls `print` ends with `// prints "…"` (Swift string
    /// literals, `// prints "…", "…"` for a line that prints several times, as in a loop, the
    /// whole line's output each time), or `// prints nothing` when it is not reached.
    @Test(arguments: documents) func swiftBlocksCompileAndPrintWhatTheySay(_ document: String) throws {
        let blocks = try Self.fencedBlocks(in: document).filter { $0.language == "swift" && !$0.isManifest }
        guard !blocks.isEmpty else { return }
        let program = try Self.program(of: blocks, in: document)
        let directory = try TestProcess.makeDirectory(["main.swift": Data(program.source.utf8)])
        let compiled = try Self.compile(directory.appendingPathComponent("main.swift"), into: directory.appendingPathComponent("example"))
        try #require(compiled.status == 0, "\(document)'s Swift examples do not compile (status \(compiled.status)):\n\(compiled.errors)\(compiled.output)")
        #expect(!compiled.errors.contains("warning:") && !compiled.output.contains("warning:"), "\(document)'s Swift examples compile with warnings:\n\(compiled.errors)\(compiled.output)")
        let run = try TestProcess.run(URL(fileURLWithPath: "/usr/bin/timeout"), ["60", directory.appendingPathComponent("example").path])
        #expect(run.status == 0, "\(document)'s Swift examples exit with status \(run.status):\n\(run.errors)")
        let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(Array(printed) == program.expectedLines, "\(document)'s Swift examples print other lines than their comments say")
    }

    /// A ```` ```swift ```` block that starts with `// swift-tools-version:` is a whole
    /// `Package.swift`: `swift package dump-package` must read it as written.
    @Test func manifestBlocksAreReadBySwiftPM() throws {
        var manifests = 0
        for document in Self.documents {
            for block in try Self.fencedBlocks(in: document) where block.language == "swift" && block.isManifest {
                manifests += 1
                let directory = try TestProcess.makeDirectory(["Package.swift": Data(block.text.utf8)])
                let dump = try TestProcess.run(
                    URL(fileURLWithPath: "/usr/bin/timeout"), ["300", "swift", "package", "dump-package", "--package-path", directory.path],
                    environment: ["HOME": ProcessInfo.processInfo.environment["HOME"] ?? directory.path])
                #expect(dump.status == 0, "the manifest at \(document):\(block.line) is not read by SwiftPM:\n\(dump.errors)")
                #expect(dump.output.contains("\"name\""), "\(document):\(block.line): \(dump.output)")
            }
        }
        #expect(manifests >= 1, "the README shows the package's dependency line in a manifest")
    }

    /// Each line of a ```` ```sh ```` block of the README that runs icugrep (one that starts with
    /// `icugrep` or `swift run -c release icugrep`, or pipes into `| icugrep`) runs with this
    /// build's icugrep, in the repository's root, and must find something: exit status 0 and
    /// some output.
    @Test func readmeIcugrepExamplesFindSomething() throws {
        var examples = 0
        for block in try Self.fencedBlocks(in: "README.md") where block.language == "sh" {
            for (offset, line) in block.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var command = line.drop { $0 == " " }
                if command.hasPrefix("swift run -c release icugrep ") { command = "icugrep " + command.dropFirst("swift run -c release icugrep ".count) }
                guard command.hasPrefix("icugrep ") || command.contains("| icugrep ") else { continue }
                examples += 1
                let products = TestProcess.productsDirectory.path
                let run = try TestProcess.run(
                    URL(fileURLWithPath: "/bin/bash"), ["-c", String(command)], directory: Self.root,
                    environment: ["PATH": products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
                let place = "README.md:\(block.line + 1 + offset)"
                #expect(run.status == 0, "\(place): `\(command)` exits with status \(run.status): \(run.errors)")
                #expect(!run.output.isEmpty, "\(place): `\(command)` prints nothing")
            }
        }
        #expect(examples >= 10, "the README shows icugrep in ten examples")
    }

    /// Every relative Markdown link of the README names a file or folder that exists.
    @Test func readmeRelativeLinksExist() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var checked = 0
        for match in text.matches(of: link) {
            guard let target = match.output[1].substring.map(String.init),
                  !target.hasPrefix("http://"), !target.hasPrefix("https://"), !target.hasPrefix("#") else { continue }
            let path = String(target.split(separator: "#", maxSplits: 1)[0])
            checked += 1
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "README.md links to \(target), which does not exist")
        }
        #expect(checked > 0)
    }

    // MARK: - Reading the documents.

    /// A fenced code block: its info string, its text, and the line of its opening fence.
    struct FencedBlock {
        var language: String
        var text: String
        var line: Int
        /// Whether the block is a whole `Package.swift`.
        var isManifest: Bool { text.hasPrefix("// swift-tools-version:") }
    }

    /// The fenced code blocks of `document` (relative to the root), in order.
    static func fencedBlocks(in document: String) throws -> [FencedBlock] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var blocks: [FencedBlock] = []
        var open: (language: String, line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line == "```" {
                    blocks.append(FencedBlock(language: block.language, text: block.lines.joined(separator: "\n") + "\n", line: block.line))
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = (String(line.dropFirst(3)), index + 1, [])
            }
        }
        return blocks
    }

    /// One document's Swift blocks as one `main.swift`, each under a `#sourceLocation` that
    /// points the compiler's messages at the document's own lines; and the lines its `// prints`
    /// comments promise, in order.
    static func program(of blocks: [FencedBlock], in document: String) throws -> (source: String, expectedLines: [String]) {
        // `import` lines come first, once each, as the compiler wants them before the code.
        var imports: [String] = []
        var body = ""
        var expected: [String] = []
        for block in blocks {
            body += "#sourceLocation(file: \"\(document)\", line: \(block.line + 1))\n"
            for (offset, line) in block.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
                if line.hasPrefix("import ") {
                    if !imports.contains(String(line)) { imports.append(String(line)) }
                    body += "\n"
                    continue
                }
                body += line + "\n"
                guard line.contains("print(") else { continue }
                let place = "\(document):\(block.line + 1 + offset)"
                guard let comment = line.range(of: "// prints ") else {
                    Issue.record("\(place) prints, but has no `// prints \"…\"` comment saying what")
                    continue
                }
                let said = line[comment.upperBound...]
                if said.hasPrefix("nothing") { continue }
                let literals = try #require(parseStringLiterals(said), "\(place): the `// prints` comment holds no string literal")
                expected += literals
            }
        }
        body += "#sourceLocation()\n"
        return (imports.joined(separator: "\n") + "\n" + body, expected)
    }

    /// The Swift string literals at the start of `text`, separated by commas (`"a", "b"`):
    /// `\"`, `\\`, `\n` and `\t` are their escapes. Text after the last one is commentary.
    static func parseStringLiterals(_ text: Substring) -> [String]? {
        var literals: [String] = []
        var rest = text.drop { $0 == " " }
        while rest.first == "\"" {
            var literal = ""
            var index = rest.index(after: rest.startIndex)
            var closed = false
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\"" { closed = true; break }
                if character == "\\" {
                    index = rest.index(after: index)
                    guard index < rest.endIndex else { return nil }
                    switch rest[index] {
                    case "n": literal.append("\n")
                    case "t": literal.append("\t")
                    default: literal.append(rest[index])
                    }
                } else {
                    literal.append(character)
                }
                index = rest.index(after: index)
            }
            guard closed else { return nil }
            literals.append(literal)
            rest = rest[rest.index(after: index)...]
            guard rest.hasPrefix(", \"") else { break }
            rest = rest.dropFirst(2)
        }
        return literals.isEmpty ? nil : literals
    }

    // MARK: - Compiling.

    /// Compiles `source` into the executable `output` with the modules and objects of this
    /// test's build: what `swift build` linked into icugrep of the library, plus
    /// ICURegexFoundation.
    static func compile(_ source: URL, into output: URL) throws -> ProcessResult {
        let products = TestProcess.productsDirectory
        var arguments = ["300", "swiftc", "-swift-version", "6", "-I", products.appendingPathComponent("Modules").path]
        // SwiftPM's own module cache holds the system modules (Glibc, Foundation) compiled.
        let moduleCache = products.appendingPathComponent("ModuleCache")
        if FileManager.default.fileExists(atPath: moduleCache.path) {
            arguments += ["-module-cache-path", moduleCache.path]
        }
        for module in linkedModules {
            let folder = products.appendingPathComponent("\(module).build")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            if files.contains("module.modulemap") {
                arguments += ["-Xcc", "-fmodule-map-file=" + folder.appendingPathComponent("module.modulemap").path]
            }
            let objects = files.filter { $0.hasSuffix(".o") }
            try #require(!objects.isEmpty, "no object files in \(folder.path): build with `swift build --build-tests` first")
            arguments += objects.map { folder.appendingPathComponent($0).path }
        }
        arguments += [source.path, "-o", output.path]
        return try TestProcess.run(URL(fileURLWithPath: "/usr/bin/timeout"), arguments, directory: source.deletingLastPathComponent())
    }
}
