/// A strict JSON (RFC 8259) parser that records the line and column of every value.
///
/// Foundation's parsers report a byte offset at best; users editing a preset need
/// `FILE:LINE:COLUMN`. Nesting is limited to `maximumDepth` so hostile input cannot exhaust the
/// stack; duplicate keys are errors (they usually hide a mistake).
package struct JSONParser {
    /// A syntax error and where it is.
    package struct SyntaxError: Error, Hashable, Sendable {
        package var location: TextLocation
        package var message: String
    }

    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses one JSON document from `text`. A leading byte order mark, which some editors
    /// write (RFC 8259 lets a parser ignore it), is skipped.
    package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var location: TextLocation { TextLocation(line: line, column: column) }

    private func error(_ message: String, at location: TextLocation? = nil) -> SyntaxError {
        SyntaxError(location: location ?? self.location, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// Steps over one byte. Columns count characters: only a byte that starts a UTF-8
    /// sequence (not a continuation byte 10xxxxxx) moves the column on.
    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                advance()
            default:
                return
            }
        }
    }

    private mutating func expect(_ literal: String) throws(SyntaxError) {
        let start = location
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw error("invalid literal; expected \(literal)", at: start)
            }
            advance()
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONValue {
        let start = location
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try expect("true")
            return JSONValue(kind: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try expect("false")
            return JSONValue(kind: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try expect("null")
            return JSONValue(kind: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (number, text) = try parseNumber()
            var value = JSONValue(kind: .number(number), location: start)
            value.literal = text
            return value
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        let start = location
        try enter()
        advance()
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return JSONValue(kind: .object(members), location: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw error("duplicate key \"\(key)\"", at: keyLocation)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()); expected ':' after the key")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw error("unexpected \(describeCurrent()); expected ',' or '}'")
            }
            advance()
            depth -= 1
            return JSONValue(kind: .object(members), location: start)
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        let start = location
        try enter()
        advance()
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return JSONValue(kind: .array(items), location: start)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else {
                throw error("unexpected \(describeCurrent()); expected ',' or ']'")
            }
            advance()
            depth -= 1
            return JSONValue(kind: .array(items), location: start)
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = location
        advance()  // opening quote
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flushRaw() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while true {
            guard index < bytes.count else {
                throw error("unterminated string (it starts at \(start))")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                flushRaw()
                return String(scalars)
            case UInt8(ascii: "\\"):
                advance()
                guard index < bytes.count else { throw error("unterminated escape sequence") }
                let escape = bytes[index]
                advance()
                let simple: [UInt8: UInt8] = [
                    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                ]
                if let replacement = simple[escape] {
                    raw.append(replacement)
                } else if escape == UInt8(ascii: "u") {
                    flushRaw()
                    scalars.append(try parseUnicodeEscape())
                } else {
                    throw error("invalid escape sequence \\\(Character(UnicodeScalar(escape)))")
                }
            case 0..<0x20:
                throw error("control character in a string; write it as an escape such as \\n")
            default:
                raw.append(byte)
                advance()
            }
        }
    }

    /// Reads the hex digits after `\u`, joining a UTF-16 surrogate pair into one scalar.
    private mutating func parseUnicodeEscape() throws(SyntaxError) -> UnicodeScalar {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("lone UTF-16 surrogate in \\u escape") }
            advance()
            advance()
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("invalid UTF-16 surrogate pair in \\u escape")
            }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return UnicodeScalar(value) ?? "\u{FFFD}"
        }
        guard let scalar = UnicodeScalar(high) else {
            throw error("lone UTF-16 surrogate in \\u escape")
        }
        return scalar
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count,
                let digit = Character(UnicodeScalar(bytes[index])).hexDigitValue
            else { throw error("\\u must be followed by four hex digits") }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> (value: Double, text: String) {
        let startIndex = index
        let start = location
        func digits() -> Int {
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                advance()
                count += 1
            }
            return count
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        let integerStart = index
        guard digits() > 0 else { throw error("invalid number: expected a digit", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw error("invalid number: leading zeros are not allowed", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                advance()
            }
            guard digits() > 0 else { throw error("invalid number: expected an exponent") }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text) is out of range", at: start)
        }
        return (value, text)
    }
}
