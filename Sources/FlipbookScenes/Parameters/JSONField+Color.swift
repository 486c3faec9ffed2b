import FlipbookCanvas
import FlipbookJSON

extension JSONField {
    /// A colour written as a SwiftUI name (`"orange"`) or hex (`"#FF9500"`, `"#FF950080"`).
    public func color() throws(PresetError) -> Color {
        let text = try string()
        if let color = Color(parsing: text) { return color }
        let names = Color.named.map(\.name)
        let hint = DidYouMean.closest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
        throw error(
            "must be a colour name (\(names.joined(separator: ", "))) or #RRGGBB / #RRGGBBAA\(hint) (got \(value.summary))"
        )
    }
}
