import FlipbookCanvas

/// The built-in scenes by name, as presets refer to them.
public enum SceneCatalog {
    /// What a scene's decoder may use besides its parameters.
    public struct DecodingContext: Sendable {
        /// The preset's random seed.
        public var seed: UInt64
        public var limits: RenderLimits
        /// The preset's `"scene"` value: where to point errors that no parameter caused.
        public var sceneField: JSONField
    }

    /// One scene: its preset name, a one-line description, and how to build it from preset
    /// parameters.
    public struct Entry: Sendable {
        public var name: String
        public var summary: String
        public var make: @Sendable (JSONField?, DecodingContext) throws(PresetError) -> any AnimatedScene
    }

    public static let entries: [Entry] = [
        Entry(
            name: "confetti",
            summary: "Confetti bursts that fly, spin, fall under gravity and fade (lesson 000)",
            make: { (parameters, context) throws(PresetError) in
                try ConfettiScene(parameters: parameters, context: context)
            }),
        Entry(
            name: "spirograph",
            summary: "A spirograph curve (hypotrochoid) stroked in the centre (lesson 002)",
            make: { (parameters, context) throws(PresetError) in
                try SpirographScene(parameters: parameters, context: context)
            }),
        Entry(
            name: "clock",
            summary: "An analogue clock whose hands move on a periodic schedule (TimelineView, lesson 000)",
            make: { (parameters, _) throws(PresetError) in try ClockScene(parameters: parameters) }),
        Entry(
            name: "chart",
            summary:
                "A 10,000-point line chart drawn as one path, with a marker moving along it (lesson 000 FAQ)",
            make: { (parameters, context) throws(PresetError) in
                try ChartScene(parameters: parameters, context: context)
            }),
    ]

    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
