import FlipbookCanvas
import FlipbookGeometry

extension SpirographScene {
    /// Reads the spirograph parameters of a preset; every key is optional, defaults are the
    /// lesson's (R = 125, r = 75, d = 100, amount 1, line width 2, blue).
    init(parameters: JSONField?, context: SceneCatalog.DecodingContext) throws(PresetError) {
        self.init()
        try read(parameters)
        let points = spirograph.period * spirograph.amount / Spirograph.step
        guard points <= Double(min(context.limits.pathPoints, Spirograph.maximumPoints)) else {
            throw (parameters ?? context.sceneField).error(
                "outerRadius \(JSONField.format(spirograph.outerRadius)) and innerRadius "
                    + "\(JSONField.format(spirograph.innerRadius)) make a curve that "
                    + RenderLimits.exceeded(
                        "path-points", limit: "\(context.limits.pathPoints)", got: "\(Int(points))"))
        }
    }

    private mutating func read(_ parameters: JSONField?) throws(PresetError) {
        guard let parameters else { return }
        var reader = try parameters.object()
        if let field = reader.optional("outerRadius") {
            spirograph.outerRadius = try field.number(in: 1...10_000)
        }
        if let field = reader.optional("innerRadius") {
            spirograph.innerRadius = try field.number(in: 1...10_000)
        }
        if let field = reader.optional("distance") { spirograph.distance = try field.number(in: 0...10_000) }
        if let field = reader.optional("amount") { spirograph.amount = try field.number(in: 0...1) }
        if let field = reader.optional("scale") { spirograph.scale = try field.number(in: 0.01...100) }
        if let field = reader.optional("lineWidth") { style.lineWidth = try field.number(in: 0...1000) }
        if let field = reader.optional("color") { color = try field.color() }
        try reader.finish()
    }
}
