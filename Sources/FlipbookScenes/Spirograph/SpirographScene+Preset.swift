import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON

extension SpirographScene {
    /// Reads the spirograph parameters; defaults are the lesson's (R = 125, r = 75, d = 100,
    /// amount 1, line width 2).
    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> SpirographScene
    {
        var scene = SpirographScene()
        var curve = scene.spirograph
        try Spirograph.readShape(&source, into: &curve)
        scene.spirograph = curve
        scene.style.lineWidth = try source.number(
            "lineWidth", "stroke width, points", default: scene.style.lineWidth, in: 0...1000)
        scene.color = try source.color(
            "color", "stroke colour when there is no palette", default: scene.color)
        scene.palette = try source.colors(
            "palette", "colours of an angular gradient around the centre; one colour strokes plainly",
            default: [scene.color])
        try Spirograph.checkSize(curve, source: source, context: context)
        return scene
    }
}

extension Spirograph {
    /// The four shape parameters and the scale, shared by the static and the morphing scene.
    static func readShape(_ source: inout any ParameterSource, into curve: inout Spirograph)
        throws(PresetError)
    {
        curve.outerRadius = try source.number(
            "outerRadius", "radius of the fixed ring, points", default: curve.outerRadius, in: 1...10_000)
        curve.innerRadius = try source.number(
            "innerRadius", "radius of the rolling wheel, points", default: curve.innerRadius, in: 1...10_000)
        curve.distance = try source.number(
            "distance", "pen distance from the wheel's centre, points", default: curve.distance,
            in: 0...10_000)
        curve.amount = try source.number(
            "amount", "fraction of the curve drawn", default: curve.amount, in: 0...1)
        curve.scale = try source.number("scale", "size factor", default: curve.scale, in: 0.01...100)
    }

    /// Refuses curves whose polyline would exceed the path-point limit.
    static func checkSize(
        _ curve: Spirograph, source: any ParameterSource, context: SceneCatalog.DecodingContext
    )
        throws(PresetError)
    {
        let points = curve.period * curve.amount / Spirograph.step
        guard points <= Double(min(context.limits.pathPoints, Spirograph.maximumPoints)) else {
            throw source.error(
                nil,
                "outerRadius \(JSONField.format(curve.outerRadius)) and innerRadius "
                    + "\(JSONField.format(curve.innerRadius)) make a curve that "
                    + SceneLimits.exceeded(
                        "path-points", limit: "\(context.limits.pathPoints)", got: "\(Int(points))")
            ).exceeding("path-points")
        }
    }
}
