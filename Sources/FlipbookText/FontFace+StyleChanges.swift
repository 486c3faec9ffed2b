/// How a face draws a style it was asked for, where not as its designer drew it: at another
/// weight (the nearest its family has), or with a bold or an italic made up, or italic where
/// upright was asked (a family with only italic faces).
package enum FontStyleChange: Hashable, Sendable {
    /// Drawn at this weight instead (a face of one weight, or a variable font whose `wght`
    /// axis does not reach the weight asked for).
    case weight(Int)
    /// A bold made by growing a lighter face's outlines (`FontFace.Synthesis.bold`).
    case madeUpBold
    /// An italic made by slanting an upright face (`FontFace.Synthesis.oblique`).
    case madeUpItalic
    /// An italic face drawn for upright text.
    case italic
}

extension FontFace {
    /// The weight difference below which a face counts as drawing the weight asked for: font
    /// files give weight classes such as 380 for a regular, and no one sees 50 units.
    static let weightTolerance = 100.0

    /// How this face draws `descriptor`'s weight and slant where not as designed; empty when it
    /// draws them as designed, and for colour faces (emoji), which have neither.
    package func styleChanges(from descriptor: FontDescriptor) -> [FontStyleChange] {
        guard !hasColor else { return [] }
        var changes: [FontStyleChange] = []
        if synthesis.contains(.bold) {
            changes.append(.madeUpBold)
        } else if abs(weight - Double(descriptor.weight)) >= Self.weightTolerance {
            changes.append(.weight(Int(weight.rounded())))
        }
        if synthesis.contains(.oblique) {
            changes.append(.madeUpItalic)
        } else if isItalic, !descriptor.italic {
            changes.append(.italic)
        }
        return changes
    }

    /// The face as messages name it: its family and style (`"DejaVu Sans Bold"`).
    package var displayName: String {
        styleName.isEmpty ? familyName : "\(familyName) \(styleName)"
    }
}
