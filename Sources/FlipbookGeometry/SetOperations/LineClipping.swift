import Foundation

/// The parts of a path's lines inside (or outside) another path's filled region, as SwiftUI's
/// `lineIntersection` and `lineSubtraction`: the lines are cut where they cross the region's
/// outline, and each piece is kept or dropped by where its middle lies.
struct LineClipping {
    let eoFill: Bool
    /// Keep the pieces inside the region (else those outside).
    let keepsInside: Bool

    func path(clipping lines: Path, by region: Path) -> Path {
        let drawn = SegmentReader.segments(of: lines, owner: 0, closingEverySubpath: false)
        let outline = SegmentReader.segments(
            of: region, owner: 1, closingEverySubpath: true)
        guard !drawn.isEmpty else { return Path() }
        let all = drawn + outline
        let pieces = SegmentSplitter(snap: SegmentReader.scale(of: all) * 1e-12).split(
            all, acrossOwnersOnly: true)
        let bands = SegmentBands(pieces)
        var path = Path()
        var previous: Segment?
        for piece in pieces where piece.owner == 0 {
            let middle = CGPoint(x: (piece.from.x + piece.to.x) / 2, y: (piece.from.y + piece.to.y) / 2)
            var winding = 0
            for index in bands.segments(near: middle.y) where pieces[index].owner == 1 {
                winding += pieces[index].winding(at: middle)
            }
            let inside = eoFill ? winding % 2 != 0 : winding != 0
            guard inside == keepsInside else {
                previous = nil
                continue
            }
            // A piece continuing the last kept one of the same polyline extends its line.
            if previous?.polyline != piece.polyline || previous?.to != piece.from {
                path.move(to: piece.from)
            }
            path.addLine(to: piece.to)
            previous = piece
        }
        return path
    }
}
