extension GraphicsContext {
    /// What a fill paints with, as SwiftUI's `GraphicsContext.Shading`.
    public struct Shading: Hashable, Sendable {
        enum Storage: Hashable, Sendable {
            case color(Color)
        }

        let storage: Storage

        /// A solid colour.
        public static func color(_ color: Color) -> Shading {
            Shading(storage: .color(color))
        }

        /// A solid colour from sRGB components.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1)
            -> Shading
        {
            .color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }

        /// The colour this shading paints with (solid colour is the only kind so far).
        var color: Color {
            switch storage {
            case .color(let color): return color
            }
        }
    }
}
