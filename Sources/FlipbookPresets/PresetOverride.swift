import FlipbookJSON
import FlipbookScenes

/// A command-line change to a preset, `--set key.path=value`: applied to the parsed JSON before
/// decoding, so it is checked exactly as the file's own values are. The path uses dots for keys
/// and `[i]` for list items (`parameters.bursts[0].x`); the value is JSON when it parses as JSON
/// (`3`, `true`, `"x"`, `[1, 2]`) and a string otherwise (`--set background=#101018`) — except a
/// number too large for a double (`1e400`), which is an error rather than the text "1e400".
public struct PresetOverride: Hashable, Sendable, CustomStringConvertible {
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    let steps: [Step]
    public let path: String
    public let text: String

    /// The most steps (keys and indices) a path may have; a preset is never deeper, and the
    /// path is applied recursively.
    public static let maximumDepth = 64

    /// Parses `key.path=value`; `nil` when there is no `=`, the path is malformed, or it has
    /// more than `maximumDepth` steps.
    public init?(_ assignment: String) {
        guard let equals = assignment.firstIndex(of: "=") else { return nil }
        path = String(assignment[..<equals])
        text = String(assignment[assignment.index(after: equals)...])
        var steps: [Step] = []
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= Self.maximumDepth else { return nil }
        for part in parts {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "["),
                let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), index >= 0
            {
                indices.insert(index, at: 0)
                name = name[..<open]
            }
            guard !name.isEmpty else { return nil }
            steps.append(.key(String(name)))
            steps += indices.map { .index($0) }
        }
        guard !steps.isEmpty, steps.count <= Self.maximumDepth else { return nil }
        self.steps = steps
    }

    public var description: String { "\(path)=\(text)" }

    /// Where errors about an overridden value point: outside the file.
    static let location = TextLocation.override

    /// The value as JSON, located on the command line.
    /// - Throws: when the text is written as a JSON number but no double holds it.
    func value(file: String) throws(PresetError) -> JSONValue {
        var parsed: JSONValue
        do {
            parsed = try JSONParser.parse(text)
        } catch {
            guard !Self.isNumber(text) else {
                throw PresetError(
                    file: file, location: Self.location, path: path,
                    message:
                        "cannot set \(self): \(text) is beyond the range of numbers (for the text, write it as a JSON string: \"\(text)\")"
                )
            }
            parsed = JSONValue(kind: .string(text), location: Self.location)
        }
        Self.relocate(&parsed)
        return parsed
    }

    /// Whether `text` is written as a JSON number: `-`, digits, a fraction, an exponent.
    private static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Bool {
            let count = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(count)
            return count > 0
        }
        if rest.first == "-" { rest = rest.dropFirst() }
        guard digits() else { return false }
        if rest.first == "." {
            rest = rest.dropFirst()
            guard digits() else { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() else { return false }
        }
        return rest.isEmpty
    }

    private static func relocate(_ value: inout JSONValue) {
        value.location = location
        switch value.kind {
        case .object(var members):
            for i in members.indices {
                members[i].keyLocation = location
                relocate(&members[i].value)
            }
            value.kind = .object(members)
        case .array(var items):
            for i in items.indices { relocate(&items[i]) }
            value.kind = .array(items)
        default: break
        }
    }

    /// `root` with the value set at the path, creating missing objects on the way.
    /// - Throws: when the path runs through a value of the wrong kind or past a list's end.
    func apply(to root: JSONValue, file: String) throws(PresetError) -> JSONValue {
        try set(in: root, steps: steps[...], file: file, walked: "")
    }

    private func set(in node: JSONValue, steps: ArraySlice<Step>, file: String, walked: String)
        throws(PresetError)
        -> JSONValue
    {
        guard let step = steps.first else { return try value(file: file) }
        var node = node
        switch (step, node.kind) {
        case (.key(let key), .object(var members)):
            let here = walked.isEmpty ? key : "\(walked).\(key)"
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = try set(
                    in: members[i].value, steps: steps.dropFirst(), file: file, walked: here)
            } else {
                let empty = JSONValue(kind: .object([]), location: Self.location)
                let child = try set(in: empty, steps: steps.dropFirst(), file: file, walked: here)
                members.append(JSONValue.Member(key: key, keyLocation: Self.location, value: child))
            }
            node.kind = .object(members)
        case (.index(let index), .array(var items)) where index < items.count:
            items[index] = try set(
                in: items[index], steps: steps.dropFirst(), file: file, walked: "\(walked)[\(index)]")
            node.kind = .array(items)
        case (.index(let index), .array(let items)):
            throw PresetError(
                file: file, location: Self.location, path: walked,
                message:
                    "cannot set \(self): \(walked) has \(items.count) item\(items.count == 1 ? "" : "s"), "
                    + "so there is no [\(index)] (an override changes an item, it does not add one)")
        case (.index(let index), .object(let members))
        where members.isEmpty && node.location == Self.location:
            throw PresetError(
                file: file, location: Self.location, path: walked,
                message:
                    "cannot set \(self): the preset has no \(walked), so there is no [\(index)] to change")
        default:
            throw PresetError(
                file: file, location: Self.location, path: walked,
                message:
                    "cannot set \(self): \(walked.isEmpty ? "the preset" : walked) is \(node.summary)")
        }
        return node
    }
}
