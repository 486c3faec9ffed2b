import FlipbookCanvas

extension ChartScene {
    /// Reads the chart parameters of a preset: `points` (default 10 000), `lineWidth`,
    /// `lineColor`, `markerColor`, `sweepSeconds`; the random walk comes from the preset's seed.
    init(parameters: JSONField?, context: SceneCatalog.DecodingContext) throws(PresetError) {
        var points = 10_000
        var lineWidth = 2.0
        var lineColor = Color.blue
        var markerColor = Color.orange
        var sweep = 5.0
        var pointsField: JSONField?
        if let parameters {
            var reader = try parameters.object()
            pointsField = reader.optional("points")
            if let field = pointsField { points = try field.integer(in: 2...100_000_000) }
            if let field = reader.optional("lineWidth") { lineWidth = try field.number(in: 0...100) }
            if let field = reader.optional("lineColor") { lineColor = try field.color() }
            if let field = reader.optional("markerColor") { markerColor = try field.color() }
            if let field = reader.optional("sweepSeconds") { sweep = try field.number(in: 0.01...86_400) }
            try reader.finish()
        }
        guard points <= context.limits.pathPoints else {
            throw (pointsField ?? context.sceneField).error(
                RenderLimits.exceeded("path-points", limit: "\(context.limits.pathPoints)", got: "\(points)"))
        }
        self.init(
            pointCount: points, seed: context.seed, lineWidth: lineWidth, lineColor: lineColor,
            markerColor: markerColor, sweepSeconds: sweep)
    }
}
