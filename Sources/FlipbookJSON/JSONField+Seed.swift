extension JSONField {
    /// The largest seed written as a JSON number. A JSON number is read as a `Double`, which holds
    /// every integer up to 2⁵³ exactly but not 2⁵³ + 1 (read as 2⁵³): so that no two seeds in files
    /// give the same video, numbers stop one short, and larger seeds are written in hex.
    package static let largestNumericSeed: UInt64 = (1 << 53) - 1

    /// A random seed: a whole number 0…2⁵³ − 1, or a 64-bit hex string such as `"0x5EED"`.
    package func seed() throws(PresetError) -> UInt64 {
        if case .string(let text) = value.kind {
            let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : Substring(text)
            guard !digits.isEmpty, let seed = UInt64(digits, radix: 16) else {
                throw error("must be a whole number or a hex string like \"0x5EED\" (got \(value.summary))")
            }
            return seed
        }
        return UInt64(try integer(in: 0...Int(Self.largestNumericSeed)))
    }

    /// The JSON Schema of a seed, as `seed()` reads it.
    package static let seedSchema: JSONOutput = .object([
        (
            "description",
            .string("random seed: an integer up to 2^53 - 1, or a hex string such as \"0x5EED\"")
        ),
        (
            "anyOf",
            .array([
                .object([
                    ("type", .string("integer")), ("minimum", .integer(0)),
                    ("maximum", .integer(Int(largestNumericSeed))),
                ]),
                .object([("type", .string("string")), ("pattern", .string("^(0[xX])?[0-9A-Fa-f]{1,16}$"))]),
            ])
        ),
    ])
}
