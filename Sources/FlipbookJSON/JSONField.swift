/// A JSON value being decoded, with what error messages need: its file and JSON path.
///
/// Each accessor checks the type and range and throws a `PresetError` naming the file, line,
/// column and path, and showing what was found ("got …").
package struct JSONField: Sendable {
    package let value: JSONValue
    /// Where the value stands in the document (`layers[2].opacity`), empty for the document
    /// itself: what error messages name it by.
    package let path: String
    package let file: String

    /// The field of `value` at `path` in `file`; by default, the document itself.
    package init(value: JSONValue, path: String = "", file: String) {
        (self.value, self.path, self.file) = (value, path, file)
    }

    /// An error about this value.
    package func error(_ message: String) -> PresetError {
        PresetError(file: file, location: value.location, path: path, message: message)
    }

    package func child(_ value: JSONValue, key: String) -> JSONField {
        JSONField(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    package func child(_ value: JSONValue, index: Int) -> JSONField {
        JSONField(value: value, path: "\(path)[\(index)]", file: file)
    }

    package func number(in range: ClosedRange<Double>) throws(PresetError) -> Double {
        guard case .number(let number) = value.kind else {
            throw error("must be a number (got \(value.summary))")
        }
        guard range.contains(number) else {
            throw error(
                "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)) (got \(value.summary))"
            )
        }
        return number
    }

    package func integer(in range: ClosedRange<Int>) throws(PresetError) -> Int {
        guard case .number(let number) = value.kind, number == number.rounded() else {
            throw error("must be a whole number (got \(value.summary))")
        }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("must be between \(range.lowerBound) and \(range.upperBound) (got \(value.summary))")
        }
        return Int(number)
    }

    package func string() throws(PresetError) -> String {
        guard case .string(let text) = value.kind else {
            throw error("must be a string (got \(value.summary))")
        }
        return text
    }

    package func bool() throws(PresetError) -> Bool {
        guard case .bool(let flag) = value.kind else {
            throw error("must be true or false (got \(value.summary))")
        }
        return flag
    }

    package func array() throws(PresetError) -> [JSONField] {
        guard case .array(let items) = value.kind else {
            throw error("must be an array (got \(value.summary))")
        }
        return items.enumerated().map { child($1, index: $0) }
    }

    package func object() throws(PresetError) -> JSONObjectReader {
        guard case .object(let members) = value.kind else {
            throw error("must be an object (got \(value.summary))")
        }
        return JSONObjectReader(field: self, members: members)
    }

    /// Whether this is an object with a non-null member `key`.
    package func has(_ key: String) -> Bool {
        guard case .object(let members) = value.kind else { return false }
        return members.contains { member in
            guard member.key == key else { return false }
            if case .null = member.value.kind { return false }
            return true
        }
    }

    package static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
