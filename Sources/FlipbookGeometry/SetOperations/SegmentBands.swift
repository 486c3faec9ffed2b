import Foundation

/// Segments filed by the horizontal bands of the plane they reach, so that those near a height
/// are found without looking at every segment.
struct SegmentBands {
    private let top: Double
    private let bandHeight: Double
    private var bands: [[Int]]

    /// Files `segments` in up to 4 096 bands, about four segments to a band.
    init(_ segments: [Segment]) {
        let top = segments.lazy.map(\.minY).min() ?? 0
        let bottom = segments.lazy.map(\.maxY).max() ?? 0
        let count = max(1, min(4096, segments.count / 4))
        self.top = top
        bandHeight = max((bottom - top) / Double(count), .leastNormalMagnitude)
        bands = Array(repeating: [], count: count)
        for (index, segment) in segments.enumerated() {
            for band in band(of: segment.minY)...band(of: segment.maxY) { bands[band].append(index) }
        }
    }

    /// The band holding height `y` (heights outside all of them go to the nearest).
    private func band(of y: Double) -> Int {
        let band = ((y - top) / bandHeight).rounded(.down)
        return band.isNaN ? 0 : Int(min(max(band, 0), Double(bands.count - 1)))
    }

    /// The segments that may reach height `y`.
    func segments(near y: Double) -> [Int] { bands[band(of: y)] }
}
