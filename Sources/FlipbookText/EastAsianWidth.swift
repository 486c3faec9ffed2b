/// A character's East Asian width (Unicode's `East_Asian_Width`, UAX #11): whether East Asian
/// typography — and a terminal — sets it in one column or two. Wide and fullwidth characters
/// (Chinese, Japanese and Korean, emoji shown as emoji) take two columns; the others one, and
/// ambiguous ones one outside East Asian contexts.
package enum EastAsianWidth: UInt8, Sendable {
    case neutral  // N
    case ambiguous  // A
    case fullwidth  // F
    case halfwidth  // H
    case narrow  // Na
    case wide  // W

    package init(_ scalar: Unicode.Scalar) {
        self = Self.ranges.kind(of: scalar.value).flatMap(EastAsianWidth.init(rawValue:)) ?? .neutral
    }

    /// Whether it takes two columns of a terminal.
    package var isWide: Bool { self == .wide || self == .fullwidth }

    /// The columns of a terminal `character` takes: 2 when one of its scalars is wide or
    /// fullwidth, or it is an emoji asked for as one (U+FE0F); 0 when every scalar is a combining
    /// mark or an invisible format character (U+200D, the zero-width joiner); else 1. A mark
    /// combines with the character before it into one `Character`, so counts nothing more.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { EastAsianWidth($0).isWide || $0 == "\u{FE0F}" }) { return 2 }
        let invisible: Set<Unicode.GeneralCategory> = [.nonspacingMark, .enclosingMark, .format]
        return scalars.allSatisfy { invisible.contains($0.properties.generalCategory) } ? 0 : 1
    }
}
