import Foundation

/// JSON to write, with object members in the order given — so generated files (the preset
/// schema) are byte-stable and diff well.
package indirect enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)

    package static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.text() == rhs.text()
    }

    /// Pretty-printed with two-space indents and a final newline at the top level.
    package func text(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let body = members.map { "\(pad)\(Self.quote($0.0)): \($0.1.text(indent: indent + 1))" }
            return "{\n" + body.joined(separator: ",\n") + "\n\(close)}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy({
                if case .object = $0 { false } else if case .array = $0 { false } else { true }
            }) {
                return "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { pad + $0.text(indent: indent + 1) }.joined(separator: ",\n")
                + "\n\(close)]"
        case .string(let text): return Self.quote(text)
        case .number(let value): return JSONField.format(value)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        }
    }

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
