import FlipbookCanvas
import FlipbookJSON

extension JSONField {
    /// A colour as `ColorSyntax` reads it: a SwiftUI or CSS name (`"orange"`, `"rebeccapurple"`),
    /// hex (`"#F90"`, `"#FF950080"`), `rgb()` or `hsl()` (`"rgb(255 149 0 / 50%)"`); an error
    /// names what is accepted, with a did-you-mean for a misspelt name.
    public func color() throws(PresetError) -> Color {
        let text = try string()
        do throws(ColorSyntax.Problem) {
            return try ColorSyntax.color(text)
        } catch {
            let hint = DidYouMean.closest(to: text, among: ColorSyntax.names).map {
                "; did you mean \"\($0)\"?"
            }
            throw self.error("\(error.message)\(hint ?? "") (got \(value.summary))")
        }
    }
}
