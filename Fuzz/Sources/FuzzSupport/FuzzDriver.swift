import Glibc

/// libFuzzer's entry point for a driver of one's own (`-sanitize=fuzzer` links it in).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments over `test`.
///
/// SwiftPM links an executable target's `main.swift` as the program's `main` (with
/// `--defsym main=<Module>_main`), which hides libFuzzer's own `main`; so each target's
/// `main.swift` hands its test to libFuzzer's driver here. Each target also exports its test as
/// `LLVMFuzzerTestOneInput`, which libFuzzer's archive refers to.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// The input's bytes as an array.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the fuzzer with the differences a check found (libFuzzer saves the input as a crash).
public func reportDifferences(_ differences: [String]) {
    guard !differences.isEmpty else { return }
    for difference in differences {
        let line = Array("FUZZ FINDING: \(difference)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
    abort()
}
