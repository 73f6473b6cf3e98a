import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    reportDifferences(ICURegexFuzzChecks.posixTranslator(fuzzBytes(data, size)))
    return 0
}

runFuzzer(testOneInput)
