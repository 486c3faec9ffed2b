import Foundation

/// The outline of a region made from one or two filled paths by a rule (`inside`, given
/// whether a point is in each path): from their segments cut where they meet, the pieces with
/// the region on exactly one side, each turned to have it on the same side, linked into
/// closed polylines. The region is then the same under either fill rule.
struct RegionBoundary {
    /// Under the even-odd rule when `true`, non-zero otherwise, for reading the input paths.
    let eoFill: Bool
    /// Whether a point in the first path (or not), and in the second (or not), is in the region.
    let inside: (Bool, Bool) -> Bool

    func path(from paths: [Path]) -> Path {
        var segments: [Segment] = []
        for (owner, path) in paths.enumerated() {
            segments += SegmentReader.segments(
                of: path, owner: owner, closingEverySubpath: true)
        }
        guard !segments.isEmpty else { return Path() }
        let scale = SegmentReader.scale(of: segments)
        let pieces = SegmentSplitter(snap: scale * 1e-12).split(segments, acrossOwnersOnly: false)
        let bands = SegmentBands(pieces)
        // Sides are tested this far from a piece: far beyond the snap and the rounding of
        // crossings, far below what shows.
        let probe = scale * 1e-9
        var kept: [(from: CGPoint, to: CGPoint)] = []
        var seen = Set<PointPair>()
        for piece in pieces {
            let (dx, dy) = (piece.to.x - piece.from.x, piece.to.y - piece.from.y)
            let length = hypot(dx, dy)
            let middle = CGPoint(x: (piece.from.x + piece.to.x) / 2, y: (piece.from.y + piece.to.y) / 2)
            let (nx, ny) = (-dy / length * probe, dx / length * probe)
            let left = isInside(CGPoint(x: middle.x + nx, y: middle.y + ny), pieces: pieces, bands: bands)
            let right = isInside(CGPoint(x: middle.x - nx, y: middle.y - ny), pieces: pieces, bands: bands)
            guard left != right else { continue }
            // The region on the left of every kept piece; pieces of both paths lying on one
            // another give the same piece, kept once.
            let edge = left ? (piece.from, piece.to) : (piece.to, piece.from)
            if seen.insert(PointPair(edge.0, edge.1)).inserted { kept.append(edge) }
        }
        return Self.loops(linking: kept)
    }

    /// Whether `point` is in the region: its winding in each path, read by the fill rule.
    private func isInside(_ point: CGPoint, pieces: [Segment], bands: SegmentBands) -> Bool {
        var windings = (0, 0)
        for index in bands.segments(near: point.y) {
            let winding = pieces[index].winding(at: point)
            if pieces[index].owner == 0 { windings.0 += winding } else { windings.1 += winding }
        }
        func filled(_ winding: Int) -> Bool { eoFill ? winding % 2 != 0 : winding != 0 }
        return inside(filled(windings.0), filled(windings.1))
    }

    /// Closed polylines through all of `edges`, each edge once. Any way of linking them encloses
    /// the same region (a winding number depends on the edges, not on how they are grouped);
    /// points where nothing changes direction are left out.
    static func loops(linking edges: [(from: CGPoint, to: CGPoint)]) -> Path {
        var leaving: [PointKey: [Int]] = [:]
        for (index, edge) in edges.enumerated() { leaving[PointKey(edge.from), default: []].append(index) }
        var used = Array(repeating: false, count: edges.count)
        var path = Path()
        for first in edges.indices where !used[first] {
            var loop = [edges[first].from]
            var current = first
            while true {
                used[current] = true
                let end = edges[current].to
                guard var candidates = leaving[PointKey(end)] else { break }
                candidates.removeAll { used[$0] }
                leaving[PointKey(end)] = candidates
                guard let next = candidates.first else { break }
                loop.append(end)
                current = next
            }
            path.addPolygon(withoutStraightPoints: loop)
        }
        return path
    }
}

extension Path {
    /// Adds `points` as a closed polygon, leaving out each point that lies on the straight line
    /// between its neighbours.
    fileprivate mutating func addPolygon(withoutStraightPoints points: [CGPoint]) {
        guard points.count >= 3 else { return }
        var corners: [CGPoint] = []
        for (index, point) in points.enumerated() {
            let before = points[(index + points.count - 1) % points.count]
            let after = points[(index + 1) % points.count]
            let turn = (point.x - before.x) * (after.y - point.y) - (point.y - before.y) * (after.x - point.x)
            let onward =
                (point.x - before.x) * (after.x - point.x) + (point.y - before.y) * (after.y - point.y)
            if turn != 0 || onward < 0 { corners.append(point) }
        }
        guard corners.count >= 3 else { return }
        move(to: corners[0])
        for corner in corners.dropFirst() { addLine(to: corner) }
        closeSubpath()
    }
}

/// A point by its coordinates' bits, as a dictionary key.
struct PointKey: Hashable {
    let x: UInt64
    let y: UInt64

    init(_ point: CGPoint) {
        (x, y) = (Double(point.x).bitPattern, Double(point.y).bitPattern)
    }
}

/// A directed edge by its ends' bits, to keep one of two equal edges.
struct PointPair: Hashable {
    let from: PointKey
    let to: PointKey

    init(_ from: CGPoint, _ to: CGPoint) {
        (self.from, self.to) = (PointKey(from), PointKey(to))
    }
}
