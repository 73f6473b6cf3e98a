/// A JSON value whose strings are kept as UTF-16 code units, so that an escaped lone surrogate
/// such as `"\ud800"` survives (Foundation's JSON decoders replace it or fail).
enum JSONValue: Equatable {
    case string([UInt16])
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON document, such as a line of a JSON Lines file.
    init(parsing text: String) throws(JSONLineError) {
        var parser = Parser(units: Array(text.utf16))
        self = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.units.count else { throw parser.error("trailing characters") }
    }

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var units: [UInt16]? {
        guard case .string(let units) = self else { return nil }
        return units
    }

    /// The string, when it holds no lone surrogate.
    var string: String? {
        units.flatMap { String(validating: $0, as: UTF16.self) }
    }

    var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    var int: Int? {
        guard case .number(let value) = self, let integer = Int(exactly: value) else { return nil }
        return integer
    }

    var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    private struct Parser {
        let units: [UInt16]
        var index = 0

        func error(_ reason: String) -> JSONLineError {
            JSONLineError(reason: reason, offset: index)
        }

        mutating func skipWhitespace() {
            while index < units.count, [0x20, 0x09, 0x0A, 0x0D].contains(units[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws(JSONLineError) {
            for unit in literal.utf16 {
                guard index < units.count, units[index] == unit else { throw error("expected \(literal)") }
                index += 1
            }
        }

        mutating func value() throws(JSONLineError) -> JSONValue {
            skipWhitespace()
            guard index < units.count else { throw error("unexpected end") }
            switch units[index] {
            case ascii("{"): return try object()
            case ascii("["): return try array()
            case ascii("\""): return .string(try string())
            case ascii("t"): try expect("true"); return .bool(true)
            case ascii("f"): try expect("false"); return .bool(false)
            case ascii("n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func object() throws(JSONLineError) -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < units.count, units[index] == ascii("}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                let key = String(decoding: try string(), as: UTF16.self)
                skipWhitespace()
                try expect(":")
                members[key] = try value()
                skipWhitespace()
                guard index < units.count else { throw error("unterminated object") }
                index += 1
                if units[index - 1] == ascii("}") { return .object(members) }
                guard units[index - 1] == ascii(",") else { throw error("expected , or }") }
            }
        }

        mutating func array() throws(JSONLineError) -> JSONValue {
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < units.count, units[index] == ascii("]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                skipWhitespace()
                guard index < units.count else { throw error("unterminated array") }
                index += 1
                if units[index - 1] == ascii("]") { return .array(elements) }
                guard units[index - 1] == ascii(",") else { throw error("expected , or ]") }
            }
        }

        mutating func number() throws(JSONLineError) -> JSONValue {
            let start = index
            while index < units.count, "+-0123456789.eE".utf16.contains(units[index]) { index += 1 }
            guard let value = Double(String(decoding: units[start..<index], as: UTF16.self)) else {
                throw error("bad number")
            }
            return .number(value)
        }

        /// A string's code units, escapes decoded, `\uXXXX` kept as it is even when unpaired.
        mutating func string() throws(JSONLineError) -> [UInt16] {
            try expect("\"")
            var result: [UInt16] = []
            while index < units.count {
                let unit = units[index]
                index += 1
                switch unit {
                case ascii("\""):
                    return result
                case ascii("\\"):
                    guard index < units.count else { throw error("unterminated escape") }
                    let escape = units[index]
                    index += 1
                    switch escape {
                    case ascii("n"): result.append(0x0A)
                    case ascii("t"): result.append(0x09)
                    case ascii("r"): result.append(0x0D)
                    case ascii("b"): result.append(0x08)
                    case ascii("f"): result.append(0x0C)
                    case ascii("u"):
                        guard index + 4 <= units.count,
                            let value = UInt16(String(decoding: units[index..<(index + 4)], as: UTF16.self), radix: 16)
                        else { throw error("bad \\u escape") }
                        result.append(value)
                        index += 4
                    default: result.append(escape)  // \" \\ \/
                    }
                default:
                    result.append(unit)
                }
            }
            throw error("unterminated string")
        }
    }
}

/// The UTF-16 unit of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt16 {
    UInt16(character.value)
}

struct JSONLineError: Error, CustomStringConvertible {
    var reason: String
    var offset: Int

    var description: String { "\(reason) at UTF-16 offset \(offset)" }
}
