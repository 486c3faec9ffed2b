/// The Unicode bidirectional algorithm (UAX #9): the embedding level of each character of a
/// paragraph, then of each of its lines (even: left to right, odd: right to left), and the
/// visual order of runs, so that Hebrew and Arabic read right to left while the numbers and
/// Latin words within them still read left to right.
///
/// All of the algorithm's rules that decide levels and order are implemented: the paragraph
/// level from the first strong character outside isolates (P2–P3); explicit embeddings,
/// overrides and isolates (X1–X10, `BidiExplicitLevels`, `BidiRunSequence`); weak types
/// (W1–W7), paired brackets (BD16, N0), the other neutrals (N1–N2) and implicit levels (I1–I2)
/// per isolating run sequence; whitespace at the line's end at the paragraph's level (L1) and
/// the reversal of runs (L2). Unicode's conformance files (BidiTest.txt,
/// BidiCharacterTest.txt) are the tests. Characters are grapheme clusters, classed by their
/// first scalar: a cluster's marks move with it. Mirrored glyphs (L4) are HarfBuzz's.
package enum BidiLevels {
    /// The level of a paragraph whose text is `characters`: 1 (right to left) when its first
    /// strong character outside isolates is Hebrew, Arabic or the like, else 0 (P2–P3).
    package static func paragraphLevel(of characters: some Sequence<Character>) -> UInt8 {
        let classes = characters.map(BidiClass.init)
        return BidiExplicitLevels.firstStrongLevel(in: classes, from: 0, to: classes.count) ?? 0
    }

    /// The embedding level of each of a line's `characters`, in a paragraph of level `base`,
    /// the line being the whole paragraph: `lineLevels` of `paragraphLevels`.
    package static func levels(of characters: [Character], base: UInt8) -> [UInt8] {
        lineLevels(paragraphLevels(of: characters, base: base), of: characters, base: base)
    }

    /// The embedding level of each of a paragraph's `characters` at paragraph level `base`,
    /// before it is broken into lines: every rule up to I2. Characters that rule X9 removes
    /// (embedding controls, boundary neutrals) take the level of the character before them.
    package static func paragraphLevels(of characters: [Character], base: UInt8) -> [UInt8] {
        let classes = characters.map(BidiClass.init)
        let scalars = characters.map { $0.unicodeScalars.first?.value ?? 0 }
        let explicit = BidiExplicitLevels(classes: classes, base: base)
        var levels = explicit.levels
        for sequence in BidiRunSequence.sequences(of: classes, explicit: explicit, base: base) {
            let resolved = sequence.resolve(types: explicit.types, classes: classes, scalars: scalars)
            for (position, level) in zip(sequence.positions, resolved) { levels[position] = level }
        }
        for index in classes.indices where BidiExplicitLevels.isRemoved(classes[index]) {
            levels[index] = index > 0 ? levels[index - 1] : base
        }
        return levels
    }

    /// The levels of one line, whose `characters` have `levels` in their paragraph (of level
    /// `base`): rule L1 sets separators, and the whitespace and isolate controls (and what X9
    /// removed) before them or at the line's end, back to the paragraph's level.
    package static func lineLevels(_ levels: [UInt8], of characters: [Character], base: UInt8) -> [UInt8] {
        var levels = levels
        var trailing = true
        for index in characters.indices.reversed() {
            let kind = BidiClass(characters[index])
            switch kind {
            case .segmentSeparator, .paragraphSeparator:
                levels[index] = base
                trailing = true
            case .whitespace, .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate,
                .popDirectionalIsolate:
                if trailing { levels[index] = base }
            default:
                if BidiExplicitLevels.isRemoved(kind) {
                    if trailing { levels[index] = base }
                } else {
                    trailing = false
                }
            }
        }
        return levels
    }

    /// The order in which to show items of levels `levels`, left to right (L2): from the
    /// highest level down to the lowest odd one, every run of items at that level or above is
    /// reversed.
    package static func visualOrder(of levels: [UInt8]) -> [Int] {
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
}
