import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import Foundation

extension ConfettiScene {
    /// Reads the confetti parameters; every key is optional, defaults are the lesson's (see
    /// `Configuration`).
    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> ConfettiScene
    {
        var c = Configuration()
        c.seed = context.seed
        c.bursts = try source.objects(
            "bursts", "when (seconds) and where (points) each burst happens; omit x and y for the centre",
            default: c.bursts, count: 1...1000
        ) { (burst) throws(PresetError) in
            let time = try burst.number("time", "seconds from the start", default: 0, in: 0...86_400)
            let x = try burst.optionalNumber("x", "horizontal position of the burst", in: -100_000...100_000)
            let y = try burst.optionalNumber("y", "vertical position of the burst", in: -100_000...100_000)
            switch (x, y) {
            case (let x?, let y?): return Burst(time: time, position: CGPoint(x: x, y: y))
            case (nil, nil): return Burst(time: time)
            default: throw burst.error(nil, "give both \"x\" and \"y\", or neither for the canvas centre")
            }
        }
        c.count = try source.integer("count", "pieces per burst", default: c.count, in: 1...100_000)
        c.colors = try source.colors("colors", "each piece picks one uniformly", default: c.colors)
        c.lifetime = try source.number(
            "lifetime", "seconds until a piece has faded out", default: c.lifetime, in: 0.01...600)
        c.gravity = try source.number(
            "gravity", "downward acceleration, points/s²", default: c.gravity, in: -100_000...100_000)
        let low = try source.number(
            "speedMin", "slowest launch speed, points/s", default: c.speed.lowerBound, in: 0...100_000)
        let high = try source.number(
            "speedMax", "fastest launch speed, points/s", default: c.speed.upperBound, in: 0...100_000)
        guard low <= high else {
            throw source.error(
                "speedMax",
                "speedMax must not be below speedMin (got \(JSONField.format(high)) < \(JSONField.format(low)))"
            )
        }
        c.speed = low...high
        c.upwardKick = try source.number(
            "upwardKick", "extra upward launch speed, points/s", default: c.upwardKick, in: -100_000...100_000
        )
        c.spin = try source.number(
            "spin", "largest spin either way, degrees/s", default: c.spin, in: 0...100_000)
        let width = try source.number(
            "pieceWidth", "piece width, points", default: c.pieceSize.width, in: 0.1...1000)
        let height = try source.number(
            "pieceHeight", "piece height, points", default: c.pieceSize.height, in: 0.1...1000)
        c.pieceSize = CGSize(width: width, height: height)
        c.shape =
            try ConfettiScene.PieceShape(
                rawValue: source.choice(
                    "shape", "the pieces' shape", default: c.shape.rawValue,
                    among: ConfettiScene.PieceShape.allCases.map(\.rawValue))) ?? .rectangle
        c.title = try source.text("title", "a headline drawn over the confetti, for a celebration")
        c.titleColor = try source.color("titleColor", "the headline's colour", default: c.titleColor)
        let particles = c.count * c.bursts.count
        guard particles <= context.limits.particles else {
            throw source.error(
                nil,
                "\(c.bursts.count) burst(s) of \(c.count) pieces "
                    + SceneLimits.exceeded(
                        "particles", limit: "\(context.limits.particles)", got: "\(particles)")
            ).exceeding("particles")
        }
        try context.checkPaintedArea(shapes: particles, area: width * height, source, key: "count")
        return ConfettiScene(c)
    }
}
