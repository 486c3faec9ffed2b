/// A character's line breaking class (Unicode's `Line_Break`, UAX #14), as rule LB1 resolves it
/// by default: ambiguous, unknown and surrogate characters are alphabetic, South-East Asian
/// letters alphabetic and their marks combining, conditional Japanese starters non-starters.
/// `LineBreaks` decides from these where lines may break.
package enum LineBreakClass: UInt8, Sendable {
    case alphabetic  // AL
    case mandatoryBreak  // BK
    case carriageReturn  // CR
    case lineFeed  // LF
    case nextLine  // NL
    case space  // SP
    case zeroWidthSpace  // ZW
    case zeroWidthJoiner  // ZWJ
    case combiningMark  // CM
    case wordJoiner  // WJ
    case glue  // GL: no break on either side (no-break space)
    case breakAfter  // BA
    case breakBefore  // BB
    case breakBoth  // B2: the em dash
    case hyphen  // HY
    case contingentBreak  // CB
    case closePunctuation  // CL
    case closeParenthesis  // CP
    /// CP of East Asian width full, wide or half: LB30 does not hold it to the word before.
    case wideCloseParenthesis
    case exclamation  // EX
    case inseparable  // IN
    case nonstarter  // NS
    case openPunctuation  // OP
    /// OP of East Asian width full, wide or half: LB30 does not hold it to the word before.
    case wideOpenPunctuation
    case quotation  // QU
    case infixSeparator  // IS
    case numeric  // NU
    case postfixNumeric  // PO
    case prefixNumeric  // PR
    case symbol  // SY: allows a break after it, not before a digit
    case hebrewLetter  // HL
    case ideographic  // ID
    case emojiBase  // EB
    case emojiModifier  // EM
    case hangulSyllableLV  // H2
    case hangulSyllableLVT  // H3
    case hangulLeadingJamo  // JL
    case hangulVowelJamo  // JV
    case hangulTrailingJamo  // JT
    case regionalIndicator  // RI
    /// An unassigned code point reserved for pictographs: ideographic, except that LB30b
    /// keeps an emoji modifier after it.
    case reservedPictograph

    /// The class of `scalar`, from the generated table (`LineBreakClass+Table.swift`).
    package init(_ scalar: Unicode.Scalar) {
        self = Self.ranges.kind(of: scalar.value).flatMap(LineBreakClass.init(rawValue:)) ?? .alphabetic
    }

    /// Korean syllables and jamo, which Korean text keeps together between spaces.
    var isHangul: Bool {
        switch self {
        case .hangulSyllableLV, .hangulSyllableLVT, .hangulLeadingJamo, .hangulVowelJamo, .hangulTrailingJamo:
            true
        default: false
        }
    }
}
