extension LineBreaks {
    /// Rules LB11–LB31 before sequence `index` of `units` (each a character with its marks,
    /// by its class): whether a line may break there.
    static func breakBefore(unit index: Int, in units: [LineBreakClass]) -> Bool {
        let (before, after) = (units[index - 1], units[index])
        // LB11, LB12, LB12a: joiners and no-break spaces hold their neighbours.
        if before == .wordJoiner || after == .wordJoiner || before == .glue { return false }
        if after == .glue, before != .space, before != .breakAfter, before != .hyphen { return false }
        // LB13: closing marks stay with what they close.
        if after == .exclamation { return false }
        if after.isClosing || after == .infixSeparator || after == .symbol, before != .numeric {
            return false
        }
        // LB14–LB17: what comes before the spaces in front of this sequence.
        var last = index - 1
        while last > 0, units[last] == .space { last -= 1 }
        let beforeSpaces = units[last]
        if beforeSpaces.isOpening || (after.isOpening && beforeSpaces == .quotation) { return false }
        if after == .nonstarter, beforeSpaces == .closePunctuation || beforeSpaces.isParenthesis {
            return false
        }
        if after == .breakBoth, beforeSpaces == .breakBoth { return false }
        // LB18–LB20: after spaces; quotation marks; contingent breaks.
        if before == .space { return true }
        if before == .quotation || after == .quotation { return false }
        if before == .contingentBreak || after == .contingentBreak { return true }
        // LB21–LB22: hyphens, dashes and small kana keep to the text before them.
        if after == .breakAfter || after == .hyphen || after == .nonstarter || before == .breakBefore {
            return false
        }
        if before == .hyphen || before == .breakAfter, index >= 2, units[index - 2] == .hebrewLetter {
            return false
        }
        if (before == .symbol && after == .hebrewLetter) || after == .inseparable { return false }
        return breakBetweenWords(before: index, in: units)
    }

    /// LB23–LB31: letters, numbers, Korean syllables, brackets, flags and emoji.
    private static func breakBetweenWords(before index: Int, in units: [LineBreakClass]) -> Bool {
        let (before, after) = (units[index - 1], units[index])
        // LB23–LB25: numbers with the letters, signs and currency around them.
        if (before.isLetter && after == .numeric) || (before == .numeric && after.isLetter) { return false }
        if (before == .prefixNumeric && after.isIdeographicOrEmoji)
            || (before.isIdeographicOrEmoji && after == .postfixNumeric)
        {
            return false
        }
        if (before.isAffix && after.isLetter) || (before.isLetter && after.isAffix) { return false }
        if !breaksInNumber(before: index, in: units) { return false }
        // LB26–LB27: the jamo of one Korean syllable.
        switch (before, after) {
        case (.hangulLeadingJamo, .hangulLeadingJamo), (.hangulLeadingJamo, .hangulVowelJamo),
            (.hangulLeadingJamo, .hangulSyllableLV), (.hangulLeadingJamo, .hangulSyllableLVT),
            (.hangulVowelJamo, .hangulVowelJamo), (.hangulVowelJamo, .hangulTrailingJamo),
            (.hangulSyllableLV, .hangulVowelJamo), (.hangulSyllableLV, .hangulTrailingJamo),
            (.hangulTrailingJamo, .hangulTrailingJamo), (.hangulSyllableLVT, .hangulTrailingJamo):
            return false
        default: break
        }
        if (before.isHangul && after == .postfixNumeric) || (before == .prefixNumeric && after.isHangul) {
            return false
        }
        // LB28–LB30: words, and brackets in them ("bug(s)").
        if before.isLetter, after.isLetter { return false }
        if before == .infixSeparator, after.isLetter { return false }
        if before.isLetter || before == .numeric, after == .openPunctuation { return false }
        if before == .closeParenthesis, after.isLetter || after == .numeric { return false }
        // LB30a: flags are pairs of regional indicators; a line breaks between pairs only.
        if before == .regionalIndicator, after == .regionalIndicator {
            var count = 0
            var previous = index - 1
            while previous >= 0, units[previous] == .regionalIndicator {
                count += 1
                previous -= 1
            }
            return count % 2 == 0
        }
        // LB30b: an emoji keeps its skin tone.
        if after == .emojiModifier, before == .emojiBase || before == .reservedPictograph { return false }
        return true
    }

    /// LB25, as UAX #14's example 7 tailors it: a number with its sign, brackets, separators,
    /// currency and percent stays whole — `$(12.50)`, `-3`, `12,5%` do not break.
    private static func breaksInNumber(before index: Int, in units: [LineBreakClass]) -> Bool {
        let (before, after) = (units[index - 1], units[index])
        if before.isAffix {
            if after == .numeric { return false }
            if after.isOpening || after == .hyphen, index + 1 < units.count, units[index + 1] == .numeric {
                return false
            }
        }
        if before.isOpening || before == .hyphen, after == .numeric { return false }
        if after == .numeric || after == .symbol || after == .infixSeparator || after.isClosing,
            endsNumber(at: index - 1, in: units)
        {
            return false
        }
        if after.isAffix {
            let last = units[index - 1].isClosing ? index - 2 : index - 1
            if last >= 0, endsNumber(at: last, in: units) { return false }
        }
        return true
    }

    /// Whether `units[...last]` ends with a number: a digit, then digits and separators.
    private static func endsNumber(at last: Int, in units: [LineBreakClass]) -> Bool {
        var index = last
        while index >= 0 {
            switch units[index] {
            case .numeric: return true
            case .symbol, .infixSeparator: index -= 1
            default: return false
            }
        }
        return false
    }
}

extension LineBreakClass {
    fileprivate var isLetter: Bool { self == .alphabetic || self == .hebrewLetter }
    fileprivate var isAffix: Bool { self == .prefixNumeric || self == .postfixNumeric }
    fileprivate var isOpening: Bool { self == .openPunctuation || self == .wideOpenPunctuation }
    fileprivate var isParenthesis: Bool { self == .closeParenthesis || self == .wideCloseParenthesis }
    fileprivate var isClosing: Bool { self == .closePunctuation || isParenthesis }
    fileprivate var isIdeographicOrEmoji: Bool {
        self == .ideographic || self == .reservedPictograph || self == .emojiBase || self == .emojiModifier
    }
}
