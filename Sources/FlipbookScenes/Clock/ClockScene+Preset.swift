import FlipbookCanvas

extension ClockScene {
    /// Reads the clock parameters of a preset: `interval` (seconds between ticks, default 1),
    /// `startTime` (seconds after midnight shown at the start), `faceColor`, `handColor`.
    init(parameters: JSONField?) throws(PresetError) {
        self.init()
        guard let parameters else { return }
        var reader = try parameters.object()
        if let field = reader.optional("interval") { interval = try field.number(in: 0.001...86_400) }
        if let field = reader.optional("startTime") { startTime = try field.number(in: 0...86_400) }
        if let field = reader.optional("faceColor") { faceColor = try field.color() }
        if let field = reader.optional("handColor") { handColor = try field.color() }
        try reader.finish()
    }
}
