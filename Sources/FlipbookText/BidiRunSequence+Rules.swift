extension BidiRunSequence {
    /// W1–W7 on the sequence's `types`; `classes` are the characters' own classes.
    func resolveWeak(_ types: inout [BidiClass], classes: [BidiClass]) {
        // W1: a mark takes the class of what it follows; after an isolate's start or end, it
        // is neutral.
        for i in types.indices where types[i] == .nonspacingMark {
            if i == 0 {
                types[i] = start
            } else if BidiExplicitLevels.isIsolateInitiator(classes[i - 1])
                || classes[i - 1] == .popDirectionalIsolate
            {
                types[i] = .otherNeutral
            } else {
                types[i] = types[i - 1]
            }
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
    /// its kind, both still neutral) takes the sequence's direction when the text inside has
    /// it; else, when the text inside has only the other direction, that one if the text before
    /// the pair has it too. So "(beta)" after Latin words in Hebrew stays one left-to-right
    /// piece, its brackets included. Marks after a bracket that changed follow it.
    /// `original` are the types before W1, `scalars` the characters' code points.
    func resolveBrackets(_ types: inout [BidiClass], original: [BidiClass], scalars: [UInt32]) {
        var open: [(closing: UInt32, position: Int)] = []
        var pairs: [(opening: Int, closing: Int)] = []
        for i in types.indices where types[i] == .otherNeutral {
            let value = BidiClass.canonicalBracket(scalars[i])
            if let closing = BidiClass.closingBracket[value] {
                // BD16: with 63 brackets open, the rest of the sequence has no pairs.
                guard open.count < 63 else { break }
                open.append((closing, i))
            } else if BidiClass.closingBrackets.contains(value),
                let match = open.lastIndex(where: { $0.closing == value })
            {
                pairs.append((open[match].position, i))
                open.removeSubrange(match...)
            }
        }
        for pair in pairs.sorted(by: { $0.opening < $1.opening }) {
            let inside = types[(pair.opening + 1)..<pair.closing].compactMap(Self.strongDirection)
            guard let other = inside.first else { continue }
            var resolved = embedding
            if !inside.contains(embedding) {
                let before =
                    types[..<pair.opening].reversed().lazy.compactMap(Self.strongDirection).first ?? start
                resolved = before == other ? other : embedding
            }
            for bracket in [pair.opening, pair.closing] {
                types[bracket] = resolved
                var mark = bracket + 1
                while mark < types.count, original[mark] == .nonspacingMark {
                    types[mark] = resolved
                    mark += 1
                }
            }
        }
    }

    /// N1–N2: a run of neutrals between text of one direction takes it (numbers count as right
    /// to left); any other takes the sequence's own.
    func resolveNeutral(_ types: inout [BidiClass]) {
        var i = 0
        while i < types.count {
            guard Self.strongDirection(types[i]) == nil else {
                i += 1
                continue
            }
            var last = i
            while last < types.count, Self.strongDirection(types[last]) == nil { last += 1 }
            let before = i > 0 ? Self.strongDirection(types[i - 1]) ?? start : start
            let after = last < types.count ? Self.strongDirection(types[last]) ?? end : end
            let resolved = before == after ? before : embedding
            for j in i..<last { types[j] = resolved }
            i = last
        }
    }
}
