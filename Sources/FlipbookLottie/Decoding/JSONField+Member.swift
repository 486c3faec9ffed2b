import FlipbookJSON

extension JSONField {
    /// The member `key` of this object, or `nil` when it is absent, `null`, or this is not an
    /// object. Lottie files carry many keys a renderer has no use for (`mn`, `ix`, `cix`, editor
    /// state), so they are read leniently: unknown keys are ignored, not refused as in presets.
    package func member(_ key: String) -> JSONField? {
        guard case .object(let members) = value.kind,
            let member = members.first(where: { $0.key == key })
        else { return nil }
        if case .null = member.value.kind { return nil }
        return child(member.value, key: key)
    }

    /// Whether the member `key` is `1` or `true` (Lottie writes flags either way).
    func flag(_ key: String) -> Bool {
        switch member(key)?.value.kind {
        case .bool(let flag)?: flag
        case .number(let number)?: number == 1
        default: false
        }
    }

    /// The number `key`, or `fallback` when it is absent.
    func number(_ key: String, default fallback: Double, in range: ClosedRange<Double> = -1e9...1e9)
        throws(PresetError) -> Double
    {
        try member(key)?.number(in: range) ?? fallback
    }

    /// The string `key` when it is one, else `nil` (names are only used in messages).
    func text(_ key: String) -> String? {
        guard case .string(let text)? = member(key)?.value.kind else { return nil }
        return text
    }
}
