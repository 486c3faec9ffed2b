/// Unicode's East Asian Width property (UAX #11) as a terminal reads it: wide (W) and fullwidth
/// (F) characters — Chinese, Japanese and Korean, emoji shown as emoji — take two columns of a
/// monospaced terminal, the rest one (ambiguous ones too, outside East Asian contexts), and
/// combining marks none. What aligns a table's columns in any script.
package enum EastAsianWidth {
    /// Whether `scalar` is wide or fullwidth, from the generated table (`EastAsianWidth+Table`).
    package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        ranges.kind(of: scalar.value) != nil
    }

    /// The columns of a terminal `character` takes: 2 when one of its scalars is wide or
    /// fullwidth, or it is an emoji asked for as one (U+FE0F); 0 when every scalar is a combining
    /// mark or an invisible format character (U+200D, the zero-width joiner); else 1. A mark
    /// combines with the character before it into one `Character`, so counts nothing more.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: { isWide($0) || $0 == "\u{FE0F}" }) { return 2 }
        return scalars.allSatisfy(isInvisible) ? 0 : 1
    }

    /// Whether `scalar` takes no column of its own: a combining mark, or a format character.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: false
        }
    }
}
