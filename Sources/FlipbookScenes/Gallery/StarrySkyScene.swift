import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's starry sky (exercise 1) with its twinkling (exercise 2): stars at seeded
/// positions, each twinkling on a sine wave with its own phase.
public struct StarrySkyScene: AnimatedScene {
    struct Star: Hashable, Sendable {
        var x: Double
        var y: Double
        var size: Double
        var phase: Double
    }

    let stars: [Star]
    let color: Color
    /// Radians per second of each star's opacity wave; 0 keeps them still.
    let twinkleSpeed: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> StarrySkyScene
    {
        let count = try source.integer("count", "number of stars", default: 500, in: 1...1_000_000)
        guard count <= context.limits.particles else {
            throw source.error(
                "count",
                SceneLimits.exceeded("particles", limit: "\(context.limits.particles)", got: "\(count)")
            ).exceeding("particles")
        }
        let smallest = try source.number("minSize", "smallest star, points", default: 1, in: 0.1...100)
        let largest = try source.number("maxSize", "largest star, points", default: 3, in: 0.1...100)
        guard smallest <= largest else { throw source.error("maxSize", "maxSize must not be below minSize") }
        try context.checkPaintedArea(shapes: count, area: largest * largest, source, key: "count")
        let color = try source.color("color", "the stars' colour", default: .white)
        let speed = try source.number(
            "twinkleSpeed", "radians per second of each star's twinkle; 0 for still stars", default: 2,
            in: 0...100)
        var random = SplitMix64(seed: context.seed)
        let stars = (0..<count).map { _ in
            Star(
                x: random.nextUnit(), y: random.nextUnit(),
                size: smallest + (largest - smallest) * random.nextUnit(),
                phase: random.nextUnit() * 2 * Double.pi)
        }
        return StarrySkyScene(stars: stars, color: color, twinkleSpeed: speed)
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        for star in stars {
            var copy = context
            if twinkleSpeed > 0 { copy.opacity = 0.55 + 0.45 * sin(time.seconds * twinkleSpeed + star.phase) }
            let rect = CGRect(
                x: star.x * size.width, y: star.y * size.height, width: star.size, height: star.size)
            copy.fill(Path(ellipseIn: rect), with: .color(color))
        }
    }

    public var accessibilityLabel: String? { "A night sky with \(stars.count) twinkling stars." }
}

extension StarrySkyScene: ParticleScene {
    public var particleCount: Int { stars.count }
}
