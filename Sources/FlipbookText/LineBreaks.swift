/// Unicode's line breaking algorithm (UAX #14): where a line of text may break. After spaces,
/// hyphens and dashes, around ideographs and kana (never before a small kana, a closing bracket
/// or a full stop, never after an opening bracket — Japanese kinsoku), never inside a number
/// with its currency sign or percent, never before a no-break space or a word joiner.
///
/// Every rule from LB2 to LB31 is implemented as Unicode 15 writes it, with the tailoring of
/// numbers of UAX #14's example 7 that Unicode's conformance file (LineBreakTest.txt, the test)
/// assumes. Mandatory breaks are found (a break after them is allowed), but forcing them is the
/// caller's: `LineBreaker` ends a line at each character `isMandatory` names.
package enum LineBreaks {
    /// Whether `character` ends a line wherever it stands: a line feed, a carriage return (with
    /// its line feed, or alone), the line and paragraph separators (U+2028, U+2029), next line
    /// (U+0085), vertical tab and form feed.
    package static func isMandatory(_ character: Character) -> Bool {
        switch LineBreakClass(character.unicodeScalars.first ?? " ") {
        case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine: true
        default: false
        }
    }

    /// Whether a line may break before each of `scalars`; never before the first.
    package static func opportunities(in scalars: [Unicode.Scalar]) -> [Bool] {
        opportunities(classes: scalars.map(LineBreakClass.init))
    }

    /// `opportunities(in:)` for scalars of line breaking classes `classes`.
    private static func opportunities(classes: [LineBreakClass]) -> [Bool] {
        var breaks = [Bool](repeating: false, count: classes.count)
        // LB9–LB10: a combining mark or joiner continues the character before it, unless that
        // is a space or a break; any other is alphabetic. `units` holds each such sequence's
        // class, `unit` each scalar's sequence.
        var units: [LineBreakClass] = []
        var unit = [Int](repeating: 0, count: classes.count)
        for (index, kind) in classes.enumerated() {
            let joins = kind == .combiningMark || kind == .zeroWidthJoiner
            if joins, index > 0, !classes[index - 1].endsCombining {
                unit[index] = units.count - 1
            } else {
                units.append(joins ? .alphabetic : kind)
                unit[index] = units.count - 1
            }
        }
        for index in classes.indices.dropFirst() {
            breaks[index] = breakBefore(index, classes: classes, units: units, unit: unit)
        }
        return breaks
    }

    /// Whether a line may break before each of `characters`: where the algorithm allows a
    /// break before the character's first scalar, except between two Korean syllables (or
    /// jamo) — Korean keeps its words whole and breaks at spaces, as CSS's `keep-all` does —
    /// and also between the words of a run of Thai, Lao, Khmer or Myanmar (class SA), which
    /// `DictionaryBreaks` finds.
    package static func opportunities(between characters: [Character]) -> [Bool] {
        let classes = characters.flatMap(\.unicodeScalars).map(LineBreakClass.init)
        let breaks = opportunities(classes: classes)
        var result = [Bool](repeating: false, count: characters.count)
        var start = 0
        for (index, character) in characters.enumerated() {
            // The last scalar of the character before and the first of this one.
            if index > 0, start < classes.count {
                result[index] = breaks[start] && !(classes[start - 1].isHangul && classes[start].isHangul)
            }
            start += character.unicodeScalars.count
        }
        var index = 0
        while index < characters.count {
            guard isComplexContext(characters[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, isComplexContext(characters[end]) { end += 1 }
            for word in DictionaryBreaks.opportunities(in: characters[index..<end]) { result[word] = true }
            index = end
        }
        return result
    }

    /// Whether `character` belongs to a run of class SA (its first scalar does: a Thai
    /// consonant with its vowel marks is one character).
    private static func isComplexContext(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { LineBreakClass.complexContextRanges.kind(of: $0.value) != nil }
            ?? false
    }

    /// LB4–LB9 between scalars `index − 1` and `index`, on their own classes; then the rules
    /// from LB11 on, between their sequences (`breakBefore(unit:in:)`).
    private static func breakBefore(
        _ index: Int, classes: [LineBreakClass], units: [LineBreakClass], unit: [Int]
    ) -> Bool {
        let (before, after) = (classes[index - 1], classes[index])
        switch before {
        case .mandatoryBreak, .lineFeed, .nextLine: return true  // LB4, LB5
        case .carriageReturn: return after != .lineFeed  // LB5
        default: break
        }
        switch after {
        case .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .space, .zeroWidthSpace:
            return false  // LB6, LB7
        default: break
        }
        // LB8: after a zero-width space and any spaces following it.
        var previous = index - 1
        while previous > 0, classes[previous] == .space { previous -= 1 }
        if classes[previous] == .zeroWidthSpace { return true }
        if before == .zeroWidthJoiner { return false }  // LB8a
        if unit[index] == unit[index - 1] { return false }  // LB9
        return breakBefore(unit: unit[index], in: units)
    }
}

extension LineBreakClass {
    /// Whether a combining mark after this class stands on its own (LB9 does not join it).
    fileprivate var endsCombining: Bool {
        switch self {
        case .space, .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .zeroWidthSpace: true
        default: false
        }
    }
}
