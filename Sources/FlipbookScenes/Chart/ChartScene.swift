import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

/// A line chart of many points drawn as one path — the lesson's advice for 10,000 points — with
/// a marker travelling along it.
///
/// The scene draws two named layers: "Chart" (axes and the line; the same in every frame, so it
/// is drawn once and then composited from the layer cache) and "Marker" (a dot at the point the
/// animation has reached, redrawn every frame).
public struct ChartScene: AnimatedScene {
    public var pointCount: Int
    public var seed: UInt64
    public var lineWidth: Double
    public var lineColor: Color
    public var markerColor: Color
    /// Seconds the marker takes to cross the chart.
    public var sweepSeconds: Double
    /// The values, one per point, in 0…1 (a seeded random walk).
    let values: [Double]

    public init(
        pointCount: Int = 10_000, seed: UInt64 = 1, lineWidth: Double = 2, lineColor: Color = .blue,
        markerColor: Color = .orange, sweepSeconds: Double = 5
    ) {
        self.pointCount = max(pointCount, 2)
        self.seed = seed
        self.lineWidth = lineWidth
        self.lineColor = lineColor
        self.markerColor = markerColor
        self.sweepSeconds = sweepSeconds
        var random = SplitMix64(seed: seed)
        var value = 0.5
        var values: [Double] = []
        values.reserveCapacity(self.pointCount)
        for _ in 0..<self.pointCount {
            value = min(max(value + (random.nextUnit() - 0.5) * 0.02, 0.05), 0.95)
            values.append(value)
        }
        self.values = values
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let plot = CGRect(
            x: size.width * 0.08, y: size.height * 0.1, width: size.width * 0.84, height: size.height * 0.8)
        context.drawLayer(named: "Chart") { chart in
            var axes = Path()
            axes.addLines([
                CGPoint(x: plot.minX, y: plot.minY), CGPoint(x: plot.minX, y: plot.maxY),
                CGPoint(x: plot.maxX, y: plot.maxY),
            ])
            chart.stroke(axes, with: .color(.gray), lineWidth: 2)
            var line = Path()
            line.addLines(values.indices.map { point(at: $0, in: plot) })
            chart.stroke(
                line, with: .color(lineColor), style: StrokeStyle(lineWidth: lineWidth, lineJoin: .round))
        }
        context.drawLayer(named: "Marker") { marker in
            let progress = min(max(time.seconds / sweepSeconds, 0), 1)
            let centre = point(at: Int(progress * Double(values.count - 1)), in: plot)
            let radius = max(lineWidth * 3, 6)
            marker.fill(
                Path(
                    ellipseIn: CGRect(
                        x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)),
                with: .color(markerColor))
        }
    }

    private func point(at index: Int, in plot: CGRect) -> CGPoint {
        CGPoint(
            x: plot.minX + plot.width * Double(index) / Double(values.count - 1),
            y: plot.maxY - plot.height * values[index])
    }
}
