import FlipbookJSON

/// The values a sound is given by, in a layer's `sound`, a video layer and the preset's `audio`.
extension ValueKind where Value == Double {
    /// A volume: decibels (`-6`, `"-6dB"`, at most +24) or a factor (`"50%"`, `"0.5x"`), as a
    /// linear gain.
    package static var volume: ValueKind {
        ValueKind(schema: JSONField.volumeSchema, type: "volume") { (field, _) throws(PresetError) in
            try field.volume()
        }
    }
}

extension ValueKind where Value == String {
    /// A sound's name, what tracks that duck under it call it: 1 to 64 characters.
    package static var soundName: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("string")), ("minLength", .integer(1)), ("maxLength", .integer(64)),
            ]),
            type: "string"
        ) { (field, _) throws(PresetError) in try field.soundName() }
    }

    /// A file's name, relative to the preset's folder; checked where it is read.
    package static var fileName: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "file") {
            (field, _) throws(PresetError) in
            try field.string()
        }
    }
}
