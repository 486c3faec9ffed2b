/// A character's bidirectional class (Unicode's `Bidi_Class`), which the bidirectional
/// algorithm (`BidiLevels`) turns into the direction the character is set in.
package enum BidiClass: UInt8, Sendable {
    case leftToRight  // L
    case rightToLeft  // R
    case arabicLetter  // AL
    case europeanNumber  // EN
    case europeanSeparator  // ES
    case europeanTerminator  // ET
    case arabicNumber  // AN
    case commonSeparator  // CS
    case nonspacingMark  // NSM
    case boundaryNeutral  // BN
    case paragraphSeparator  // B
    case segmentSeparator  // S
    case whitespace  // WS
    case otherNeutral  // ON
    case leftToRightEmbedding  // LRE
    case leftToRightOverride  // LRO
    case rightToLeftEmbedding  // RLE
    case rightToLeftOverride  // RLO
    case popDirectionalFormat  // PDF
    case leftToRightIsolate  // LRI
    case rightToLeftIsolate  // RLI
    case firstStrongIsolate  // FSI
    case popDirectionalIsolate  // PDI

    /// The class of `scalar`, from the generated table (`BidiClass+Table.swift`).
    package init(_ scalar: Unicode.Scalar) {
        self = Self.ranges.kind(of: scalar.value).flatMap(BidiClass.init(rawValue:)) ?? .leftToRight
    }

    /// The class of a character: that of its first scalar (its marks go with it).
    package init(_ character: Character) {
        self.init(character.unicodeScalars.first ?? " ")
    }

    /// The closing bracket of each opening one (`bracketPairs`), by code point.
    static let closingBracket = Dictionary(
        bracketPairs.map { (canonicalBracket($0.opening), canonicalBracket($0.closing)) },
        uniquingKeysWith: { first, _ in first })
    static let closingBrackets = Set(bracketPairs.map { canonicalBracket($0.closing) })

    /// `value`, or the bracket it is canonically equivalent to (U+2329 and U+232A are U+3008
    /// and U+3009), so that either closes the other's pair.
    static func canonicalBracket(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x2329: 0x3008
        case 0x232A: 0x3009
        default: value
        }
    }

    /// Whether text of this class is set right to left on its own: Hebrew, Arabic and the
    /// like, and Arabic digits, which make a line need the algorithm at all.
    package var needsReordering: Bool {
        switch self {
        case .rightToLeft, .arabicLetter, .arabicNumber, .rightToLeftEmbedding, .rightToLeftOverride,
            .rightToLeftIsolate:
            true
        default: false
        }
    }

    /// A strong class's direction: `true` right to left, `false` left to right, `nil` for the
    /// weak and neutral classes.
    package var strongDirection: Bool? {
        switch self {
        case .leftToRight: false
        case .rightToLeft, .arabicLetter: true
        default: nil
        }
    }
}
