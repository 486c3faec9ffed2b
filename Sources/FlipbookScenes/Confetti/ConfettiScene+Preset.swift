import FlipbookCanvas
import FlipbookGeometry
import Foundation

extension ConfettiScene {
    /// Reads the confetti parameters of a preset; every key is optional, defaults are the
    /// lesson's (see `Configuration`).
    init(parameters: JSONField?, context: SceneCatalog.DecodingContext) throws(PresetError) {
        var configuration = Configuration()
        configuration.seed = context.seed
        try Self.read(parameters, into: &configuration)
        let particles = configuration.count * configuration.bursts.count
        guard particles <= context.limits.particles else {
            throw (parameters ?? context.sceneField).error(
                "\(configuration.bursts.count) burst(s) of \(configuration.count) pieces "
                    + RenderLimits.exceeded(
                        "particles", limit: "\(context.limits.particles)", got: "\(particles)"))
        }
        self.init(configuration)
    }

    private static func read(_ parameters: JSONField?, into configuration: inout Configuration)
        throws(PresetError)
    {
        guard let parameters else { return }
        var reader = try parameters.object()
        if let bursts = reader.optional("bursts") {
            let items = try bursts.array()
            guard !items.isEmpty, items.count <= 1000 else {
                throw bursts.error("must list between 1 and 1000 bursts (got \(items.count))")
            }
            configuration.bursts = try items.map { (item) throws(PresetError) in try burst(item) }
        }
        if let count = reader.optional("count") {
            configuration.count = try count.integer(in: 1...100_000)
        }
        if let colors = reader.optional("colors") {
            let items = try colors.array()
            guard !items.isEmpty else { throw colors.error("must name at least one colour (got [])") }
            configuration.colors = try items.map { (item) throws(PresetError) in try item.color() }
        }
        if let lifetime = reader.optional("lifetime") {
            configuration.lifetime = try lifetime.number(in: 0.01...600)
        }
        if let gravity = reader.optional("gravity") {
            configuration.gravity = try gravity.number(in: -100_000...100_000)
        }
        let minimumSpeed = reader.optional("speedMin")
        let maximumSpeed = reader.optional("speedMax")
        let low = try minimumSpeed?.number(in: 0...100_000) ?? configuration.speed.lowerBound
        let high = try maximumSpeed?.number(in: 0...100_000) ?? configuration.speed.upperBound
        guard low <= high else {
            throw (maximumSpeed ?? parameters).error(
                "speedMax must not be below speedMin (got \(JSONField.format(high)) < \(JSONField.format(low)))"
            )
        }
        configuration.speed = low...high
        if let kick = reader.optional("upwardKick") {
            configuration.upwardKick = try kick.number(in: -100_000...100_000)
        }
        if let spin = reader.optional("spin") {
            configuration.spin = try spin.number(in: 0...100_000)
        }
        let width = try reader.optional("pieceWidth")?.number(in: 0.1...1000)
        let height = try reader.optional("pieceHeight")?.number(in: 0.1...1000)
        configuration.pieceSize = CGSize(
            width: width ?? configuration.pieceSize.width, height: height ?? configuration.pieceSize.height)
        try reader.finish()
    }

    private static func burst(_ field: JSONField) throws(PresetError) -> Burst {
        var reader = try field.object()
        let time = try reader.optional("time")?.number(in: 0...86_400) ?? 0
        let x = try reader.optional("x")?.number(in: -100_000...100_000)
        let y = try reader.optional("y")?.number(in: -100_000...100_000)
        try reader.finish()
        switch (x, y) {
        case (let x?, let y?): return Burst(time: time, position: CGPoint(x: x, y: y))
        case (nil, nil): return Burst(time: time)
        default: throw field.error("give both \"x\" and \"y\", or neither for the canvas centre")
        }
    }
}
