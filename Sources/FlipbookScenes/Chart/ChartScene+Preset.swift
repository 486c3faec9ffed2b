import FlipbookCanvas
import FlipbookJSON

extension ChartScene {
    /// Reads the chart parameters; the random walk comes from the preset's seed.
    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> ChartScene
    {
        let points = try source.integer(
            "points", "data points, drawn as one path", default: 10_000, in: 2...100_000_000)
        guard points <= context.limits.pathPoints else {
            throw source.error(
                "points",
                SceneLimits.exceeded("path-points", limit: "\(context.limits.pathPoints)", got: "\(points)")
            ).exceeding("path-points")
        }
        return ChartScene(
            pointCount: points, seed: context.seed,
            lineWidth: try source.number("lineWidth", "line width, points", default: 2, in: 0...100),
            lineColor: try source.color("lineColor", "the line's colour", default: .blue),
            markerColor: try source.color("markerColor", "the moving marker's colour", default: .orange),
            sweepSeconds: try source.number(
                "sweepSeconds", "seconds the marker takes across the chart", default: 5, in: 0.01...86_400))
    }
}
