import FlipbookText

/// A font as SwiftUI's `Font`: the Dynamic Type styles at their default (large) sizes, system
/// fonts by size, weight and design, and named fonts. Resolved through fontconfig (see
/// `FontLibrary`): Apple's SF fonts do not exist on Linux, so the system font is the installed
/// sans-serif (DejaVu Sans on Debian).
public struct Font: Hashable, Sendable {
    var descriptor: FontDescriptor
    /// Em size in points.
    public var size: Double

    /// SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    public typealias Design = FontDescriptor.Design

    /// SwiftUI's `Font.TextStyle`, with iOS's default sizes and weights.
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption,
            caption2

        var size: Double {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        var weight: Weight { self == .headline ? .semibold : .regular }
    }

    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let subheadline = system(.subheadline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)

    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(descriptor: FontDescriptor(design: design, weight: weight.value), size: size)
    }

    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        system(size: style.size, weight: weight ?? style.weight, design: design ?? .default)
    }

    /// A font by family name, e.g. `.custom("DejaVu Serif", size: 20)`.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(descriptor: FontDescriptor(family: name), size: size)
    }

    /// A font by family name, looked for first in font `files` that need not be installed — a
    /// brand's font shipped beside the program — e.g. `.custom("Flipbook Pixel", size: 40,
    /// files: ["assets/FlipbookPixel.ttf", "assets/FlipbookPixel-Bold.ttf"])`; `.bold()` then
    /// takes the file nearest in weight. Flipbook's addition: SwiftUI finds such fonts in the
    /// app's bundle.
    public static func custom(_ name: String, size: Double, files: [String]) -> Font {
        Font(descriptor: FontDescriptor(family: name, files: files), size: size)
    }

    public func bold() -> Font { weight(.bold) }

    public func italic() -> Font {
        var font = self
        font.descriptor.italic = true
        return font
    }

    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.descriptor.weight = weight.value
        return font
    }
}
