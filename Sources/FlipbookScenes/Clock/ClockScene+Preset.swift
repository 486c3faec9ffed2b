import FlipbookCanvas
import FlipbookJSON

extension ClockScene {
    /// Reads the clock parameters.
    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> ClockScene
    {
        var scene = ClockScene()
        scene.interval = try source.number(
            "interval", "seconds between ticks (the periodic schedule)", default: scene.interval,
            in: 0.001...86_400)
        scene.startTime = try source.number(
            "startTime", "seconds after midnight shown at the start", default: scene.startTime, in: 0...86_400
        )
        scene.faceColor = try source.color("faceColor", "the dial's colour", default: scene.faceColor)
        scene.handColor = try source.color("handColor", "the hands' colour", default: scene.handColor)
        return scene
    }
}
