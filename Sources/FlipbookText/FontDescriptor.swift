/// Which font to use, in fontconfig's terms: a family (or a generic design), a weight and a
/// slant. Sizes are applied when laying out, so one face serves every size.
public struct FontDescriptor: Hashable, Sendable {
    /// SwiftUI's `Font.Design`, mapped to installed families.
    public enum Design: String, Hashable, Sendable {
        case `default`, serif, monospaced, rounded

        /// The families asked for, best first, each the next one's stand-in when it is not
        /// installed: Inter (`fonts-inter-variable`, a variable font, so every weight is drawn as
        /// designed) as the default sans-serif, DejaVu Serif and DejaVu Sans Mono, and Comfortaa
        /// (`fonts-comfortaa`) as the rounded face — there is no rounded system font, so the
        /// nearest rounded sans-serif stands in. The families are named rather than left to
        /// fontconfig's generic `sans-serif`, whose first choice changes with what is installed
        /// (Debian prefers Noto Sans once `fonts-noto-core` is there), so that a text looks the
        /// same on every machine with these fonts; DejaVu, which every machine has, comes last.
        var families: [String] {
            switch self {
            case .default: ["Inter", "DejaVu Sans", "sans-serif"]
            case .rounded: ["Comfortaa", "Inter", "DejaVu Sans", "sans-serif"]
            case .serif: ["DejaVu Serif", "serif"]
            case .monospaced: ["DejaVu Sans Mono", "monospace"]
            }
        }
    }

    /// A family name (`"DejaVu Sans"`), or `nil` for the design's generic family.
    public var family: String?
    public var design: Design
    /// CSS/OpenType weight, 100 (thin) … 900 (black); 400 is regular, 700 bold.
    public var weight: Int
    public var italic: Bool
    /// Font files, by path, to look in before the installed fonts: a `family` that one of them
    /// names is drawn with its face nearest to the weight and slant (`FontFile`). A composition's
    /// `fonts`; empty for installed fonts only.
    public var files: [String]

    public init(
        family: String? = nil, design: Design = .default, weight: Int = 400, italic: Bool = false,
        files: [String] = []
    ) {
        (self.family, self.design, self.weight, self.italic) = (family, design, weight, italic)
        self.files = files
    }

    /// fontconfig's weight scale for the OpenType weight (FC_WEIGHT_*: 0 thin … 210 black).
    var fontconfigWeight: Int32 {
        let table: [(Int, Int32)] = [
            (100, 0), (200, 40), (300, 50), (400, 80), (500, 100), (600, 180), (700, 200), (800, 205),
            (900, 210),
        ]
        return table.min { abs($0.0 - weight) < abs($1.0 - weight) }?.1 ?? 80
    }
}
