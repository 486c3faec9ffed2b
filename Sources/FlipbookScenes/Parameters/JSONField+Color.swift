import FlipbookCanvas
import FlipbookJSON

extension JSONField {
    /// A colour written as a SwiftUI name (`"orange"`) or hex (`"#FF9500"`, `"#FF950080"`).
    public func color() throws(PresetError) -> Color {
        let text = try string()
        if let color = Color(parsing: text) { return color }
        let names = Color.named.map(\.name).joined(separator: ", ")
        throw error("must be a colour name (\(names)) or #RRGGBB / #RRGGBBAA (got \(value.summary))")
    }
}
