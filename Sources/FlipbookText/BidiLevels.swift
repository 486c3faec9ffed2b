/// The Unicode bidirectional algorithm (UAX #9) for one line of a paragraph: the embedding level
/// of each character (even: left to right, odd: right to left) and the visual order of runs,
/// so that Hebrew and Arabic read right to left while the numbers and Latin words within them
/// still read left to right.
///
/// Implemented: the paragraph level from the first strong character (P2–P3), the weak types
/// (W1–W7), paired brackets (BD16, N0), the other neutrals (N1–N2), the implicit levels
/// (I1–I2), trailing whitespace at the paragraph's level (L1) and the reversal of runs (L2).
/// Left out: explicit embeddings, overrides and isolates (their control characters are
/// ignored, as rule X9 does with the ones it removes). Characters are grapheme clusters,
/// classed by their first scalar: a cluster's marks move with it.
public enum BidiLevels {
    /// The level of a paragraph whose text is `characters`: 1 (right to left) when its first
    /// strong character is Hebrew, Arabic or the like, else 0 (P2–P3).
    public static func paragraphLevel(of characters: some Sequence<Character>) -> UInt8 {
        for character in characters {
            if let rightToLeft = BidiClass(character).strongDirection { return rightToLeft ? 1 : 0 }
        }
        return 0
    }

    /// The embedding level of each of a line's `characters`, in a paragraph of level `base`.
    public static func levels(of characters: [Character], base: UInt8) -> [UInt8] {
        let classes = characters.map(BidiClass.init)
        var levels = [UInt8](repeating: base, count: classes.count)
        // X9: explicit formatting characters and boundary neutrals take no part; they get the
        // level of the character before them (the paragraph's at the start) at the end.
        let kept = classes.indices.filter { !Self.isRemoved(classes[$0]) }
        var types = kept.map { classes[$0] }
        let edge: BidiClass = base % 2 == 1 ? .rightToLeft : .leftToRight
        resolveWeak(&types, start: edge)
        let scalars = kept.map { characters[$0].unicodeScalars.first?.value ?? 0 }
        resolveBrackets(&types, scalars: scalars, edge: edge, base: base)
        resolveNeutral(&types, edge: edge, base: base)
        for (position, index) in kept.enumerated() {
            levels[index] = implicitLevel(of: types[position], at: base)
        }
        for index in classes.indices where Self.isRemoved(classes[index]) {
            levels[index] = index > 0 ? levels[index - 1] : base
        }
        // L1: whitespace (and what X9 removed) at the end of the line, and before a tab,
        // returns to the paragraph's level.
        var trailing = true
        for index in classes.indices.reversed() {
            switch classes[index] {
            case .segmentSeparator, .paragraphSeparator:
                levels[index] = base
                trailing = true
            case .whitespace, .boundaryNeutral, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
                .popDirectionalIsolate:
                if trailing { levels[index] = base }
            default:
                if !Self.isRemoved(classes[index]) { trailing = false }
            }
        }
        return levels
    }

    /// The order in which to show items of levels `levels`, left to right (L2): from the
    /// highest level down to the lowest odd one, every run of items at that level or above is
    /// reversed.
    public static func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else {
            return order
        }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
        }
        return order
    }

    private static func isRemoved(_ kind: BidiClass) -> Bool {
        switch kind {
        case .boundaryNeutral, .leftToRightEmbedding, .leftToRightOverride, .rightToLeftEmbedding,
            .rightToLeftOverride, .popDirectionalFormat, .leftToRightIsolate, .rightToLeftIsolate,
            .firstStrongIsolate, .popDirectionalIsolate:
            true
        default: false
        }
    }

    /// W1–W7 over one run sequence starting after `start` (the paragraph's direction).
    private static func resolveWeak(_ types: inout [BidiClass], start: BidiClass) {
        // W1: a mark takes the class of what it follows.
        var previous = start
        for i in types.indices {
            if types[i] == .nonspacingMark { types[i] = previous }
            previous = types[i]
        }
        // W2: a European number after Arabic letters is an Arabic number. W3: Arabic letters
        // are right to left.
        var lastStrong = start
        for i in types.indices {
            switch types[i] {
            case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = types[i]
            case .europeanNumber where lastStrong == .arabicLetter: types[i] = .arabicNumber
            default: break
            }
        }
        for i in types.indices where types[i] == .arabicLetter { types[i] = .rightToLeft }
        // W4: one separator between two numbers of a kind joins them.
        for i in types.indices.dropFirst().dropLast() {
            let (before, after) = (types[i - 1], types[i + 1])
            if types[i] == .europeanSeparator, before == .europeanNumber, after == .europeanNumber {
                types[i] = .europeanNumber
            } else if types[i] == .commonSeparator, before == after,
                before == .europeanNumber || before == .arabicNumber
            {
                types[i] = before
            }
        }
        // W5: terminators (currency signs, %) next to a European number belong to it.
        var i = 0
        while i < types.count {
            guard types[i] == .europeanTerminator else {
                i += 1
                continue
            }
            var end = i
            while end < types.count, types[end] == .europeanTerminator { end += 1 }
            let touchesNumber =
                (i > 0 && types[i - 1] == .europeanNumber)
                || (end < types.count && types[end] == .europeanNumber)
            if touchesNumber { for j in i..<end { types[j] = .europeanNumber } }
            i = end
        }
        // W6: other separators and terminators are neutral.
        for i in types.indices
        where [.europeanSeparator, .europeanTerminator, .commonSeparator].contains(types[i]) {
            types[i] = .otherNeutral
        }
        // W7: a European number in left-to-right context is set as left-to-right text.
        lastStrong = start
        for i in types.indices {
            switch types[i] {
            case .leftToRight, .rightToLeft: lastStrong = types[i]
            case .europeanNumber where lastStrong == .leftToRight: types[i] = .leftToRight
            default: break
            }
        }
    }

    /// N0: a pair of brackets (BD16: an opening bracket and the next unmatched closing one of
    /// its kind, both still neutral) takes the paragraph's direction when the text inside has
    /// it; else, when the text inside has only the other direction, that one if the text before
    /// the pair has it too. So "(beta)" after Latin words in Hebrew stays one left-to-right
    /// piece, its brackets included.
    private static func resolveBrackets(
        _ types: inout [BidiClass], scalars: [UInt32], edge: BidiClass, base: UInt8
    ) {
        let embedding: BidiClass = base % 2 == 1 ? .rightToLeft : .leftToRight
        var open: [(closing: UInt32, position: Int)] = []
        var pairs: [(opening: Int, closing: Int)] = []
        for i in types.indices where types[i] == .otherNeutral {
            let value = BidiClass.canonicalBracket(scalars[i])
            if let closing = BidiClass.closingBracket[value] {
                guard open.count < 63 else { break }
                open.append((closing, i))
            } else if BidiClass.closingBrackets.contains(value),
                let match = open.lastIndex(where: { $0.closing == value })
            {
                pairs.append((open[match].position, i))
                open.removeSubrange(match...)
            }
        }
        func strong(_ kind: BidiClass) -> BidiClass? {
            switch kind {
            case .leftToRight: .leftToRight
            case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
            default: nil
            }
        }
        for pair in pairs.sorted(by: { $0.opening < $1.opening }) {
            let inside = types[(pair.opening + 1)..<pair.closing].compactMap(strong)
            guard let other = inside.first else { continue }
            var resolved = embedding
            if !inside.contains(embedding) {
                let before = types[..<pair.opening].reversed().lazy.compactMap(strong).first ?? edge
                resolved = before == other ? other : embedding
            }
            (types[pair.opening], types[pair.closing]) = (resolved, resolved)
        }
    }

    /// N1–N2: a run of neutrals between text of one direction takes it (numbers count as right
    /// to left); any other takes the paragraph's, `base`.
    private static func resolveNeutral(_ types: inout [BidiClass], edge: BidiClass, base: UInt8) {
        func direction(_ kind: BidiClass) -> BidiClass? {
            switch kind {
            case .leftToRight: .leftToRight
            case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
            default: nil
            }
        }
        let embedding: BidiClass = base % 2 == 1 ? .rightToLeft : .leftToRight
        var i = 0
        while i < types.count {
            guard direction(types[i]) == nil else {
                i += 1
                continue
            }
            var end = i
            while end < types.count, direction(types[end]) == nil { end += 1 }
            let before = i > 0 ? direction(types[i - 1]) ?? edge : edge
            let after = end < types.count ? direction(types[end]) ?? edge : edge
            let resolved = before == after ? before : embedding
            for j in i..<end { types[j] = resolved }
            i = end
        }
    }

    /// I1–I2: the level of a character of resolved class `kind` at embedding level `base`.
    private static func implicitLevel(of kind: BidiClass, at base: UInt8) -> UInt8 {
        if base % 2 == 0 {
            switch kind {
            case .rightToLeft: base + 1
            case .arabicNumber, .europeanNumber: base + 2
            default: base
            }
        } else {
            switch kind {
            case .leftToRight, .europeanNumber, .arabicNumber: base + 1
            default: base
            }
        }
    }
}
