import Foundation

/// Cuts polylines into dashes: alternating "on" and "off" lengths, starting `phase` into the
/// pattern. Used by `Stroker` before outlining, so every dash gets its own caps.
///
/// Work is bounded: after `maximumDashes` pattern entries in one stroke (a pattern far finer
/// than the path is long, such as 0.01 px dashes along a path 10¹² px long), the rest is drawn
/// solid instead of hanging the render; so is a segment so long that adding a dash length to
/// the distance travelled no longer changes it (floating-point absorption).
struct Dasher {
    static let maximumDashes = 100_000

    /// On and off lengths; an odd-length pattern is repeated twice (as SVG does), so that even
    /// entries are always "on".
    let pattern: [Double]
    let phase: Double

    /// `nil` when the pattern draws a solid line: empty, with a negative, non-finite or
    /// all-zero length, or lengths whose sum overflows (CoreGraphics and SVG ignore such
    /// patterns).
    init?(pattern: [Double], phase: Double) {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let doubled = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = doubled.reduce(0, +)
        // A total that overflows would make the phase infinite and skipping it endless.
        guard total > 0, total.isFinite else { return nil }
        self.pattern = doubled
        let wrapped = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        self.phase = wrapped < 0 ? wrapped + total : wrapped
    }

    /// The "on" pieces of a polyline (closed ones include their closing segment).
    /// - Parameter budget: pattern entries still allowed in this stroke; decreased as used.
    func pieces(of points: [CGPoint], closed: Bool, budget: inout Int) -> [[CGPoint]] {
        guard let first = points.first else { return [] }
        let path = closed ? points + [first] : points
        var index = 0
        var remaining = pattern[0]
        var skip = phase
        while skip > 0, skip >= remaining {
            skip -= remaining
            index = (index + 1) % pattern.count
            remaining = pattern[index]
        }
        remaining -= skip
        var pieces: [[CGPoint]] = []
        var current: [CGPoint] = index % 2 == 0 ? [first] : []
        for (segment, (a, b)) in zip(path, path.dropFirst()).enumerated() {
            guard budget > 0 else {
                // Too fine to cut: the rest goes solid, from where the cutting stopped.
                pieces.append(
                    current.isEmpty ? [a] + path[(segment + 1)...] : current + path[(segment + 1)...])
                current = []
                index = 0
                break
            }
            let length = hypot(b.x - a.x, b.y - a.y)
            var travelled = 0.0
            // `>=`: an entry ending exactly at a vertex is taken there, so a zero-length dash at
            // the very end still makes its dot.
            while length - travelled >= remaining {
                guard travelled + remaining > travelled || remaining == 0 else {
                    budget = 0  // no progress possible: the rest of the stroke goes solid
                    break
                }
                travelled += remaining
                let t = travelled / length
                let cut = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if index % 2 == 0 {
                    current.append(cut)
                    pieces.append(current)
                    current = []
                } else {
                    current = [cut]
                }
                index = (index + 1) % pattern.count
                remaining = pattern[index]
                budget -= 1
                if budget <= 0 { break }
            }
            remaining -= length - travelled
            if index % 2 == 0 { current.append(b) }
        }
        // A dash that began exactly at the end point has no length; it is not a dot.
        if index % 2 == 0, current.count >= 2 { pieces.append(current) }
        // A dash of length zero is a single point: it still gets its caps (dots).
        return pieces.map { Stroker.distinct($0[...]) }.filter { !$0.isEmpty }
    }
}
