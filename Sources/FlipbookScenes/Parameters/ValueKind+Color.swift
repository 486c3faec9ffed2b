import FlipbookCanvas
import FlipbookJSON

extension ValueKind where Value == Color {
    /// A colour: a SwiftUI name (`"orange"`) or hex (`"#FF9500"`), shared as `#/$defs/color`.
    package static var color: ValueKind {
        ValueKind(schema: .object(SchemaRecorder.colorSchema), type: "colour") {
            (field, _) throws(PresetError) in
            try field.color()
        }.named("color")
    }
}
