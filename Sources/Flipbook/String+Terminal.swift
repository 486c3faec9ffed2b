import FlipbookText

extension String {
    /// The longest a message runs before it is cut (a 10 MB key must not become a 20 MB line).
    package static let messageLimit = 2000

    /// The text made safe to print on one line of a terminal: control characters (newlines,
    /// escape sequences, C1 controls) shown as `\n`, `\t`, `\u{1B}`…, and anything beyond
    /// `messageLimit` characters cut with `…`. Paths with such characters in their names then
    /// cannot rewrite the screen or split a message over lines.
    package var forTerminal: String {
        var result = ""
        for (count, scalar) in unicodeScalars.enumerated() {
            if count == Self.messageLimit {
                result += "…"
                break
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How many columns of a terminal the text takes (`EastAsianWidth.columns(of:)`): a Chinese
    /// character two, a letter with its accent one. What aligns a table's columns in any script.
    package var terminalColumns: Int {
        reduce(0) { $0 + EastAsianWidth.columns(of: $1) }
    }

    /// The text followed by spaces to `columns` terminal columns (as it is, if it takes more).
    package func padded(toColumns columns: Int) -> String {
        self + String(repeating: " ", count: max(0, columns - terminalColumns))
    }
}
