/// An isolating run sequence (UAX #9, BD13): the characters of one embedding level whose weak
/// and neutral types are resolved together — a level run, joined across each isolate it
/// contains by the run that continues after the isolate's PDI, so that text on either side of
/// an isolate sees the other and not what is inside.
struct BidiRunSequence {
    /// Positions in the paragraph, in order; characters removed by X9 are not among them.
    let positions: [Int]
    let level: UInt8
    /// The direction at the sequence's start and end (sos, eos): that of the higher of its
    /// level and the level next to it.
    let start: BidiClass
    let end: BidiClass

    /// The isolating run sequences of a paragraph at level `base` with explicit levels
    /// `explicit`, made from `classes` (the characters' own classes), in order of their
    /// first character.
    static func sequences(
        of classes: [BidiClass], explicit: BidiExplicitLevels, base: UInt8
    ) -> [BidiRunSequence] {
        let levels = explicit.levels
        let kept = classes.indices.filter { !BidiExplicitLevels.isRemoved(classes[$0]) }
        // Level runs (X10), as ranges of `kept`.
        var runs: [Range<Int>] = []
        var runOfKept = [Int](repeating: 0, count: kept.count)
        for (index, position) in kept.enumerated() {
            if index == 0 || levels[kept[index - 1]] != levels[position] {
                runs.append(index..<index)
            }
            runs[runs.count - 1] = runs[runs.count - 1].lowerBound..<(index + 1)
            runOfKept[index] = runs.count - 1
        }
        var keptIndex = [Int](repeating: -1, count: classes.count)
        for (index, position) in kept.enumerated() { keptIndex[position] = index }

        var sequences: [BidiRunSequence] = []
        var continuation = [Bool](repeating: false, count: runs.count)
        for first in runs.indices where !continuation[first] {
            var members: [Int] = []
            var run = first
            while true {
                members += runs[run].map { kept[$0] }
                let last = kept[runs[run].upperBound - 1]
                let end = explicit.isolateEnds[last]
                guard BidiExplicitLevels.isIsolateInitiator(classes[last]), end >= 0 else { break }
                let next = runOfKept[keptIndex[end]]
                guard runs[next].lowerBound == keptIndex[end] else { break }
                continuation[next] = true
                run = next
            }
            let level = levels[members[0]]
            let before = runs[first].lowerBound > 0 ? levels[kept[runs[first].lowerBound - 1]] : base
            let lastMember = members[members.count - 1]
            let lastKept = keptIndex[lastMember]
            let after =
                BidiExplicitLevels.isIsolateInitiator(classes[lastMember]) || lastKept + 1 >= kept.count
                ? base : levels[kept[lastKept + 1]]
            sequences.append(
                BidiRunSequence(
                    positions: members, level: level, start: direction(max(level, before)),
                    end: direction(max(level, after))))
        }
        return sequences
    }

    /// The direction of the sequence's embedding level.
    var embedding: BidiClass { Self.direction(level) }

    /// R for an odd level, L for an even one.
    static func direction(_ level: UInt8) -> BidiClass {
        level % 2 == 1 ? .rightToLeft : .leftToRight
    }

    /// Resolves the sequence's types in `types` (the paragraph's, after the explicit rules) to
    /// L, R, EN or AN — the weak types (W1–W7), bracket pairs (N0), the other neutrals (N1–N2)
    /// — and returns each character's level (I1–I2), in the order of `positions`.
    /// `classes` are the characters' own classes and `scalars` their first code points.
    func resolve(types: [BidiClass], classes: [BidiClass], scalars: [UInt32]) -> [UInt8] {
        var resolved = positions.map { types[$0] }
        let afterExplicit = resolved
        resolveWeak(&resolved, classes: positions.map { classes[$0] })
        resolveBrackets(&resolved, original: afterExplicit, scalars: positions.map { scalars[$0] })
        resolveNeutral(&resolved)
        return resolved.map(implicitLevel)
    }

    /// I1–I2: the level of a character resolved to `kind`.
    private func implicitLevel(of kind: BidiClass) -> UInt8 {
        if level % 2 == 0 {
            switch kind {
            case .rightToLeft: level + 1
            case .arabicNumber, .europeanNumber: level + 2
            default: level
            }
        } else {
            switch kind {
            case .leftToRight, .europeanNumber, .arabicNumber: level + 1
            default: level
            }
        }
    }

    /// The direction a resolved type gives neighbouring neutrals: L, or R for R and numbers;
    /// nil for a neutral.
    static func strongDirection(_ kind: BidiClass) -> BidiClass? {
        switch kind {
        case .leftToRight: .leftToRight
        case .rightToLeft, .europeanNumber, .arabicNumber: .rightToLeft
        default: nil
        }
    }
}
