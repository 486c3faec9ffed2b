import FlipbookJSON
import Foundation

/// The values of a composition's own keys: its markers, variables, locale, time zone, safe
/// area, fonts.
extension ValueKind where Context == CompositionDecoder, Value == [String: Double] {
    /// Names to times on the video's timeline (`CompositionDecoder.readMarkers`); each that
    /// cannot be read is recorded as a problem and left out.
    static var markers: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("object")),
                ("propertyNames", .object([("pattern", .string("^[A-Za-z_][A-Za-z0-9_.]*$"))])),
                ("additionalProperties", .reference("time")),
            ]),
            type: "object"
        ) { (field, decoder) throws(PresetError) in decoder.readMarkers(field) }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [String: VariableValue] {
    /// Names to text, numbers or true/false; each that is neither is recorded as a problem and
    /// left out.
    static var variables: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("object")),
                (
                    "additionalProperties",
                    .object([("type", .array([.string("string"), .string("number"), .string("boolean")]))])
                ),
            ]),
            type: "object"
        ) { (field, decoder) throws(PresetError) in decoder.readVariables(field) }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Locale {
    /// A locale such as `"en_US"`, `"de_DE"` or `"fr-FR"`, whose language and region exist.
    static var locale: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "string") {
            (field, _) throws(PresetError) in
            let identifier = try field.string()
            if let problem = LocaleIdentifier.problem(with: identifier) {
                let hint =
                    DidYouMean.closest(to: identifier, among: Locale.availableIdentifiers).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw field.error(
                    "must be a locale such as \"en_US\", \"de_DE\" or \"fr-FR\": \(problem)\(hint) (got \(field.value.summary))"
                )
            }
            return Locale(identifier: identifier)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == TimeZone {
    /// A time zone such as `"UTC"` or `"Europe/Berlin"`.
    static var timeZone: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "string") {
            (field, _) throws(PresetError) in
            guard let zone = TimeZone(identifier: try field.string()) else {
                throw field.error(
                    "must be a time zone such as \"UTC\" or \"Europe/Berlin\" (got \(field.value.summary))")
            }
            return zone
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [Length] {
    /// Margins: one length for all four sides, or `[top, trailing, bottom, leading]`.
    static var safeArea: ValueKind {
        let extent = ValueKind<CompositionDecoder, Length>.extent
        let read = extent.read
        let four = ValueKind(
            schema: .object([
                ("type", .string("array")), ("items", extent.schema), ("minItems", .integer(4)),
                ("maxItems", .integer(4)),
            ]),
            type: "array"
        ) { (field, decoder) throws(PresetError) in
            let items = try field.array()
            guard items.count == 4 else {
                throw field.error(
                    "must be one length or four: [top, trailing, bottom, leading] (got \(items.count))")
            }
            return try items.map { (item) throws(PresetError) in try read(item, decoder) }
        }
        return extent.map { (margin, _, _) throws(PresetError) in Array(repeating: margin, count: 4) }
            .or(array: four, type: "length or [top, trailing, bottom, leading]")
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [String] {
    /// Font files relative to the preset's folder, each one FreeType reads; each that is not is
    /// recorded as a problem and left out.
    static var fonts: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("array")),
                ("items", .object([("type", .string("string")), ("minLength", .integer(1))])),
                ("maxItems", .integer(CompositionDecoder.maximumFonts)),
            ]),
            type: "array of file names"
        ) { (field, decoder) throws(PresetError) in try decoder.readFonts(field) }
    }
}
