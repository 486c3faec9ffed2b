/// Reads the members of a JSON object strictly: every key a decoder asks for becomes known, and
/// `finish()` rejects any other key with a did-you-mean suggestion — a misspelt `"cuont"` is an
/// error, not a silently ignored setting.
package struct JSONObjectReader {
    package let field: JSONField
    private let members: [JSONValue.Member]
    private var knownKeys: [String] = []
    /// Members a missing required key's error named as meant for it.
    private var misnamed: [String] = []

    init(field: JSONField, members: [JSONValue.Member]) {
        self.field = field
        self.members = members
    }

    /// The member `key`, or `nil` when absent (an explicit `null` counts as absent).
    package mutating func optional(_ key: String) -> JSONField? {
        knownKeys.append(key)
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        if case .null = member.value.kind { return nil }
        return field.child(member.value, key: key)
    }

    /// The member `key`; throws when it is missing, naming a member that looks meant for it (a
    /// misspelling, or a longer name such as `"time"` for `"t"`) — which is then told as that,
    /// and not again as an unknown key.
    package mutating func required(_ key: String) throws(PresetError) -> JSONField {
        guard let member = optional(key) else {
            var message = "missing required key \"\(key)\""
            let others = members.map(\.key).filter { !knownKeys.contains($0) }
            if let meant = DidYouMean.closest(to: key, among: others)
                ?? others.first(where: { $0.lowercased().hasPrefix(key.lowercased()) })
            {
                message += "; the object has \"\(meant)\": rename it to \"\(key)\""
                misnamed.append(meant)
            }
            throw field.error(message)
        }
        return member
    }

    /// Throws for every key that no decoder asked for (the first, with the rest as `others`).
    package func finish() throws(PresetError) {
        if let error = PresetError.combined(unknownKeys()) { throw error }
    }

    /// An error for each key that no decoder asked for.
    package func unknownKeys() -> [PresetError] {
        members.filter { !knownKeys.contains($0.key) && !misnamed.contains($0.key) }.map { member in
            var message = "unknown key \"\(member.key)\""
            if let suggestion = DidYouMean.closest(to: member.key, among: knownKeys) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                // A key asked for twice (an image's `file`, read where it is checked and where it is
                // loaded) is listed once.
                message += "; known keys: \(Set(knownKeys).sorted().joined(separator: ", "))"
            }
            let path = field.path.isEmpty ? member.key : "\(field.path).\(member.key)"
            return PresetError(file: field.file, location: member.keyLocation, path: path, message: message)
        }
    }
}
