/// The explicit embedding levels of a paragraph: what its embeddings, overrides and isolates
/// (LRE … PDF, LRI … PDI) make of the paragraph's level, character by character — rules X1–X8
/// of the Unicode bidirectional algorithm — and which isolate initiator each PDI closes (BD9).
///
/// The levels are where the implicit rules start (`BidiRunSequence`); the classes are the
/// characters' own, except inside an override, which sets them to L or R.
struct BidiExplicitLevels {
    /// Each character's embedding level.
    private(set) var levels: [UInt8]
    /// Each character's class, as overrides leave it.
    private(set) var types: [BidiClass]
    /// For each isolate initiator, the position of the PDI that closes it, or −1 when the
    /// paragraph ends first (BD9).
    private(set) var isolateEnds: [Int]

    /// The deepest level embeddings and isolates may reach (BD2).
    static let maximumDepth: UInt8 = 125

    /// One entry of the directional status stack (X1).
    private struct Status {
        var level: UInt8
        /// The class every character takes while this entry is on top, for an override.
        var override: BidiClass?
        var isolate: Bool
    }

    /// Resolves `classes`, a paragraph (or a line of one) at level `base`.
    init(classes: [BidiClass], base: UInt8) {
        levels = [UInt8](repeating: base, count: classes.count)
        types = classes
        isolateEnds = Self.isolateEnds(of: classes)
        let start = Status(level: base, override: nil, isolate: false)
        var stack = [start]
        var (overflowIsolates, overflowEmbeddings, validIsolates) = (0, 0, 0)
        for (position, kind) in classes.enumerated() {
            let top = stack[stack.count - 1]
            switch kind {
            case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride:
                // X2–X5: a new level, if it is not too deep and nothing overflowed before.
                levels[position] = top.level
                let override: BidiClass? =
                    switch kind {
                    case .rightToLeftOverride: .rightToLeft
                    case .leftToRightOverride: .leftToRight
                    default: nil
                    }
                let rightToLeft = kind == .rightToLeftEmbedding || kind == .rightToLeftOverride
                let level = Self.next(after: top.level, rightToLeft: rightToLeft)
                if level <= Self.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    stack.append(Status(level: level, override: override, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
                // X5a–X5c: the initiator itself stays at the level outside.
                levels[position] = top.level
                if let override = top.override { types[position] = override }
                // An FSI's direction is that of its content (P2–P3), looked for only where the
                // isolate can open: past the deepest level, a run of unclosed FSIs would each
                // scan to the paragraph's end.
                let opens =
                    overflowIsolates == 0 && overflowEmbeddings == 0 && top.level + 1 <= Self.maximumDepth
                let rightToLeft =
                    kind == .rightToLeftIsolate
                    || (kind == .firstStrongIsolate && opens
                        && Self.firstStrongLevel(
                            in: classes, from: position + 1,
                            to: isolateEnds[position] < 0 ? classes.count : isolateEnds[position]) == 1)
                let level = Self.next(after: top.level, rightToLeft: rightToLeft)
                if level <= Self.maximumDepth, opens {
                    validIsolates += 1
                    stack.append(Status(level: level, override: nil, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .popDirectionalIsolate:
                // X6a: closes the innermost isolate and every embedding opened inside it.
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let outer = stack[stack.count - 1]
                levels[position] = outer.level
                if let override = outer.override { types[position] = override }
            case .popDirectionalFormat:
                // X7: closes the innermost embedding, never an isolate.
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !top.isolate, stack.count >= 2 {
                    stack.removeLast()
                }
                levels[position] = stack[stack.count - 1].level
            case .paragraphSeparator:
                // X8: a paragraph's end ends everything opened in it.
                levels[position] = base
                stack = [start]
                (overflowIsolates, overflowEmbeddings, validIsolates) = (0, 0, 0)
            case .boundaryNeutral:
                levels[position] = top.level
            default:
                // X6.
                levels[position] = top.level
                if let override = top.override { types[position] = override }
            }
        }
    }

    /// Whether rule X9 takes characters of class `kind` out of the rest of the algorithm:
    /// embeddings, overrides, their terminator and boundary neutrals. (Isolates stay: they
    /// count as neutrals.)
    static func isRemoved(_ kind: BidiClass) -> Bool {
        switch kind {
        case .boundaryNeutral, .leftToRightEmbedding, .leftToRightOverride, .rightToLeftEmbedding,
            .rightToLeftOverride, .popDirectionalFormat:
            true
        default: false
        }
    }

    /// Whether `kind` opens an isolate.
    static func isIsolateInitiator(_ kind: BidiClass) -> Bool {
        kind == .leftToRightIsolate || kind == .rightToLeftIsolate || kind == .firstStrongIsolate
    }

    /// The level rules P2–P3 find for `classes[start..<end]`: 1 when the first strong class
    /// outside any isolate is R or AL, 0 when it is L, nil when there is none. A paragraph
    /// separator ends the search.
    static func firstStrongLevel(in classes: [BidiClass], from start: Int, to end: Int) -> UInt8? {
        var isolates = 0
        for kind in classes[start..<end] {
            switch kind {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: isolates += 1
            case .popDirectionalIsolate where isolates > 0: isolates -= 1
            case .paragraphSeparator: return nil
            case .leftToRight where isolates == 0: return 0
            case .rightToLeft where isolates == 0, .arabicLetter where isolates == 0: return 1
            default: break
            }
        }
        return nil
    }

    /// The least level above `level` that is odd (right to left) or even (left to right).
    private static func next(after level: UInt8, rightToLeft: Bool) -> UInt8 {
        rightToLeft ? (level + 1) | 1 : (level + 2) & ~1
    }

    /// BD9: each isolate initiator's matching PDI — the first one after it that no isolate
    /// opened in between takes — or −1; −1 for every other character too.
    private static func isolateEnds(of classes: [BidiClass]) -> [Int] {
        var ends = [Int](repeating: -1, count: classes.count)
        var open: [Int] = []
        for (position, kind) in classes.enumerated() {
            if isIsolateInitiator(kind) {
                open.append(position)
            } else if kind == .popDirectionalIsolate, let initiator = open.popLast() {
                ends[initiator] = position
            } else if kind == .paragraphSeparator {
                open.removeAll()
            }
        }
        return ends
    }
}
