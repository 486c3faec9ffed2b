import Foundation

/// Cuts segments wherever two of them cross or run along each other, so that afterwards
/// segments meet only at their ends. Both pieces of a crossing get the same point, and points
/// closer than `snap` become one (`VertexWelder`), so that the pieces link up exactly.
struct SegmentSplitter {
    /// Distance under which two points count as one.
    let snap: Double

    /// `segments` cut at every meeting — of any two, or only of two from different owners when
    /// `acrossOwnersOnly` — each one's pieces in order along it.
    func split(_ segments: [Segment], acrossOwnersOnly: Bool) -> [Segment] {
        var cuts = Array(repeating: [(t: Double, point: CGPoint)](), count: segments.count)
        Self.forEachOverlappingPair(of: segments) { i, j in
            guard !acrossOwnersOnly || segments[i].owner != segments[j].owner else { return }
            meet(segments[i], segments[j]) { onFirst, onSecond in
                if let onFirst { cuts[i].append(onFirst) }
                if let onSecond { cuts[j].append(onSecond) }
            }
        }
        var welder = VertexWelder(snap: snap)
        var pieces: [Segment] = []
        for (index, segment) in segments.enumerated() {
            var from = welder.weld(segment.from)
            for cut in cuts[index].sorted(by: { $0.t < $1.t }) + [(1, segment.to)] {
                let to = welder.weld(cut.point)
                guard to != from else { continue }
                var piece = segment
                (piece.from, piece.to) = (from, to)
                pieces.append(piece)
                from = to
            }
        }
        return pieces
    }

    /// Calls `body` once with every pair of segments whose bounding boxes overlap: the only
    /// pairs that can meet. A sweep down the plane keeps the segments that reach the current
    /// height; each new one is compared with those.
    private static func forEachOverlappingPair(of segments: [Segment], _ body: (Int, Int) -> Void) {
        var active: [Int] = []
        for index in segments.indices.sorted(by: { segments[$0].minY < segments[$1].minY }) {
            let segment = segments[index]
            active.removeAll { segments[$0].maxY < segment.minY }
            let (left, right) = (min(segment.from.x, segment.to.x), max(segment.from.x, segment.to.x))
            for other in active {
                let candidate = segments[other]
                guard max(candidate.from.x, candidate.to.x) >= left,
                    min(candidate.from.x, candidate.to.x) <= right
                else { continue }
                body(min(index, other), max(index, other))
            }
            active.append(index)
        }
    }

    /// Where `a` and `b` meet, as a cut of each (its parameter along it and the point), or `nil`
    /// for one whose meeting is at its own end; `report` is called once per meeting.
    private func meet(
        _ a: Segment, _ b: Segment,
        report: ((t: Double, point: CGPoint)?, (t: Double, point: CGPoint)?) -> Void
    ) {
        // In plain doubles (CGFloat is a type of its own here).
        let r = (x: Double(a.to.x - a.from.x), y: Double(a.to.y - a.from.y))
        let s = (x: Double(b.to.x - b.from.x), y: Double(b.to.y - b.from.y))
        let q = (x: Double(b.from.x - a.from.x), y: Double(b.from.y - a.from.y))
        let (lengthA, lengthB) = (hypot(r.x, r.y), hypot(s.x, s.y))
        let denominator = r.x * s.y - r.y * s.x
        // Parameters within `slackA` (`slackB`) of an end are that end.
        let (slackA, slackB) = (snap / lengthA, snap / lengthB)
        func inner(_ t: Double, slack: Double) -> Bool { t > slack && t < 1 - slack }
        if abs(denominator) > 1e-12 * lengthA * lengthB {
            let t = (q.x * s.y - q.y * s.x) / denominator
            let u = (q.x * r.y - q.y * r.x) / denominator
            guard t >= -slackA, t <= 1 + slackA, u >= -slackB, u <= 1 + slackB else { return }
            // One point for both cuts: an end if it is one, else where the lines cross.
            let point: CGPoint
            if !inner(t, slack: slackA) {
                point = t < 0.5 ? a.from : a.to
            } else if !inner(u, slack: slackB) {
                point = u < 0.5 ? b.from : b.to
            } else {
                point = CGPoint(x: Double(a.from.x) + t * r.x, y: Double(a.from.y) + t * r.y)
            }
            report(inner(t, slack: slackA) ? (t, point) : nil, inner(u, slack: slackB) ? (u, point) : nil)
            return
        }
        // Parallel: they meet only if on one line, where each is cut at the other's ends.
        guard abs(q.x * r.y - q.y * r.x) <= snap * lengthA else { return }
        for end in [b.from, b.to] {
            let t = (Double(end.x - a.from.x) * r.x + Double(end.y - a.from.y) * r.y) / (lengthA * lengthA)
            if inner(t, slack: slackA) { report((t, end), nil) }
        }
        for end in [a.from, a.to] {
            let u = (Double(end.x - b.from.x) * s.x + Double(end.y - b.from.y) * s.y) / (lengthB * lengthB)
            if inner(u, slack: slackB) { report(nil, (u, end)) }
        }
    }
}

/// Makes points closer than `snap` one point (the first met), so that pieces cut at nearly the
/// same place by different crossings still join.
struct VertexWelder {
    let snap: Double
    private var cells: [Cell: [CGPoint]] = [:]

    private struct Cell: Hashable {
        let x: Int
        let y: Int
    }

    init(snap: Double) { self.snap = snap }

    mutating func weld(_ point: CGPoint) -> CGPoint {
        let size = snap * 4
        let cell = Cell(
            x: Int((Double(point.x) / size).rounded(.down)), y: Int((Double(point.y) / size).rounded(.down)))
        for dx in -1...1 {
            for dy in -1...1 {
                for known in cells[Cell(x: cell.x + dx, y: cell.y + dy)] ?? []
                where abs(Double(known.x - point.x)) <= snap && abs(Double(known.y - point.y)) <= snap {
                    return known
                }
            }
        }
        cells[cell, default: []].append(point)
        return point
    }
}
