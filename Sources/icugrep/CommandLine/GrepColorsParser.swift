/// Reads the `GREP_COLORS` and `GREP_COLOR` environment variables into ``OutputColors``, the
/// way GNU grep 3.8's `parse_grep_colors` does.
///
/// `GREP_COLORS` is a colon-separated list of capabilities: `name=value` (value made of
/// digits and `;` only) or a bare boolean `name`. Known names: `ms` `mc` `sl` `cx` `fn` `ln`
/// `bn` `se` (SGR values), `mt` (sets both `ms` and `mc`), `rv` and `ne` (booleans). Unknown
/// names are ignored. At the first malformed entry grep silently stops: what came before it
/// stays in effect, that entry and the rest are ignored.
///
/// The deprecated `GREP_COLOR` (an SGR value of digits and `;`) sets `ms` and `mc` first, so
/// that `GREP_COLORS` overrides it; when it still has an effect, grep warns.
struct GrepColorsParser {
    /// The colors read so far, starting from grep's defaults.
    private(set) var colors = OutputColors()
    /// True while `colors.selectedMatch` is the value of `GREP_COLOR`.
    private var selectedMatchIsLegacy = false
    /// True while `colors.contextMatch` is the value of `GREP_COLOR`.
    private var contextMatchIsLegacy = false

    /// The colors for the environment `variables`, and the warning to print, if any.
    static func colors(from variables: [String: String]) -> (colors: OutputColors, warning: String?) {
        var parser = GrepColorsParser()
        let legacy = variables["GREP_COLOR"]
        if let legacy { parser.applyLegacyColor(legacy) }
        if let modern = variables["GREP_COLORS"] { parser.applyGrepColors(modern) }
        var warning: String?
        if let legacy, parser.selectedMatchIsLegacy || parser.contextMatchIsLegacy {
            warning = "warning: GREP_COLOR='\(legacy)' is deprecated; use GREP_COLORS='mt=\(legacy)'"
        }
        return (parser.colors, warning)
    }

    /// Applies `GREP_COLOR`: a non-empty value of digits and `;` colors both kinds of match.
    mutating func applyLegacyColor(_ value: String) {
        guard !value.isEmpty, value.utf8.allSatisfy(Self.isValueByte) else { return }
        colors.selectedMatch = value
        colors.contextMatch = value
        selectedMatchIsLegacy = true
        contextMatchIsLegacy = true
    }

    /// Applies the capabilities of a `GREP_COLORS` value, stopping at a malformed one.
    mutating func applyGrepColors(_ specification: String) {
        for entry in specification.split(separator: ":", omittingEmptySubsequences: false) {
            let name: Substring
            let value: Substring?
            if let equalsSign = entry.firstIndex(of: "=") {
                name = entry[..<equalsSign]
                value = entry[entry.index(after: equalsSign)...]
                // An empty name, a second `=`, or a value byte other than digits and `;` is
                // malformed.
                guard !name.isEmpty, let value, value.utf8.allSatisfy(Self.isValueByte) else { return }
            } else {
                name = entry
                value = nil
            }
            apply(name: String(name), value: value.map(String.init))
        }
    }

    /// Applies one well-formed capability.
    private mutating func apply(name: String, value: String?) {
        switch name {
        case "mt":
            if let value {
                colors.selectedMatch = value
                selectedMatchIsLegacy = false
            }
            colors.contextMatch = colors.selectedMatch
            contextMatchIsLegacy = selectedMatchIsLegacy
        case "ms":
            if let value {
                colors.selectedMatch = value
                selectedMatchIsLegacy = false
            }
        case "mc":
            if let value {
                colors.contextMatch = value
                contextMatchIsLegacy = false
            }
        case "sl": if let value { colors.selectedLine = value }
        case "cx": if let value { colors.contextLine = value }
        case "fn": if let value { colors.fileName = value }
        case "ln": if let value { colors.lineNumber = value }
        case "bn": if let value { colors.byteOffset = value }
        case "se": if let value { colors.separator = value }
        case "rv": colors.reverseVideo = true
        case "ne": colors.noEraseInLine = true
        default: break  // Unknown names are ignored, for forward compatibility.
        }
    }

    /// The colors of `--pattern-colors`: capabilities `mtN=SGR` in `GREP_COLORS`' syntax, `N`
    /// a pattern's 0-based index in the order given (the index `--json` reports), separated by
    /// `:`; nil when an entry is not of that form.
    static func patternColors(from specification: String) -> [Int: String]? {
        var colors: [Int: String] = [:]
        for entry in specification.split(separator: ":") {
            guard entry.hasPrefix("mt"), let equalsSign = entry.firstIndex(of: "=") else { return nil }
            let digits = entry[entry.index(entry.startIndex, offsetBy: 2)..<equalsSign]
            let value = entry[entry.index(after: equalsSign)...]
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count <= 9,
                let index = Int(digits), value.utf8.allSatisfy(isValueByte)
            else { return nil }
            colors[index] = String(value)
        }
        return colors
    }

    /// True for the bytes an SGR value may hold: digits and `;`.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ";") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
