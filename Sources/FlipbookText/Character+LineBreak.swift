extension Character {
    /// Whether a line may break between `before` and `after`, two characters with no space
    /// between them: around Chinese and Japanese characters, which are written without spaces
    /// (a simplification of Unicode's line breaking, UAX #14). A line never starts with closing
    /// punctuation, a small kana or the long-vowel mark, nor ends with opening punctuation, as
    /// Japanese typesetting (kinsoku) wants. Korean, written with spaces, keeps its words whole;
    /// Thai and other scripts without spaces that need a dictionary break only where they are
    /// too wide for a line.
    static func allowsBreak(between before: Character, and after: Character) -> Bool {
        guard before.isBrokenAround || after.isBrokenAround else { return false }
        return !after.mayNotStartALine && !before.mayNotEndALine
    }

    /// Ideographs, kana and full-width forms: a line may break before or after each.
    private var isBrokenAround: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        switch value {
        case 0x2E80...0x2FFF,  // CJK radicals, Kangxi radicals, ideographic description
            0x3000...0x303F,  // CJK symbols and punctuation
            0x3040...0x30FF,  // hiragana, katakana
            0x3100...0x31FF,  // bopomofo, kanbun, katakana extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF00...0xFFEF,  // half-width and full-width forms
            0x20000...0x3FFFF:  // CJK extensions B and later
            return true
        default:
            return false
        }
    }

    /// Closing punctuation, small kana, iteration marks and the long-vowel mark.
    private var mayNotStartALine: Bool {
        if "、。，．・：；！？ー〜～ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ,.!?:;%)]}".contains(self) {
            return true
        }
        let category = unicodeScalars.first?.properties.generalCategory
        return category == .closePunctuation || category == .finalPunctuation
    }

    /// Opening punctuation.
    private var mayNotEndALine: Bool {
        let category = unicodeScalars.first?.properties.generalCategory
        return category == .openPunctuation || category == .initialPunctuation
    }
}
