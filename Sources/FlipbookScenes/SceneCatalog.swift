import FlipbookCanvas

/// The built-in scenes by name, as presets refer to them. Each reads its parameters in one
/// function through a `ParameterSource`, from which the decoder, the JSON Schema
/// (`PresetSchema`) and `flipbook scenes` all come.
public enum SceneCatalog {
    /// What a scene's reader may use besides its parameters.
    public struct DecodingContext: Sendable {
        /// The preset's random seed.
        public var seed: UInt64
        public var limits: RenderLimits
        /// The preset's `"scene"` value: where to point errors that no parameter caused.
        public var sceneField: JSONField?

        public init(seed: UInt64 = 0, limits: RenderLimits = RenderLimits(), sceneField: JSONField? = nil) {
            (self.seed, self.limits, self.sceneField) = (seed, limits, sceneField)
        }
    }

    /// Reads one scene's parameters.
    public typealias Reader =
        @Sendable (inout any ParameterSource, DecodingContext) throws(PresetError) -> any AnimatedScene

    /// One scene: its preset name, a one-line description, and how it reads its parameters.
    public struct Entry: Sendable {
        public var name: String
        public var summary: String
        public var read: Reader

        /// The scene from a preset's `parameters` object (absent: all defaults).
        public func make(_ parameters: JSONField?, _ context: DecodingContext) throws(PresetError)
            -> any AnimatedScene
        {
            let field =
                parameters
                ?? JSONField(
                    value: JSONValue(kind: .object([]), location: TextLocation(line: 1, column: 1)),
                    path: "parameters",
                    file: context.sceneField?.file ?? "")
            let json = try JSONParameterSource(field)
            var source: any ParameterSource = json
            let scene = try read(&source, context)
            try (source as? JSONParameterSource)?.finish()
            return scene
        }

        /// Every parameter, described (name, type, range, default, meaning).
        public var parameters: [SchemaRecorder.Parameter] { described.parameters }

        /// The JSON Schema of the `parameters` object.
        public var schema: JSONOutput { described.schema }

        /// The reader run against a `SchemaRecorder` (which returns defaults and never throws).
        private var described: SchemaRecorder {
            var source: any ParameterSource = SchemaRecorder()
            _ = try? read(&source, DecodingContext())
            return source as? SchemaRecorder ?? SchemaRecorder()
        }
    }

    public static let entries: [Entry] = [
        Entry(
            name: "confetti", summary: "Confetti bursts that fly, spin, fall and fade; an optional headline",
            read: { (source, context) throws(PresetError) in try ConfettiScene.read(&source, context: context)
            }),
        Entry(
            name: "starry-sky", summary: "A night sky of seeded stars, each twinkling with its own phase",
            read: { (source, context) throws(PresetError) in
                try StarrySkyScene.read(&source, context: context)
            }),
        Entry(
            name: "pulsing-dots", summary: "A row of dots whose radii pulse one after another",
            read: { (source, context) throws(PresetError) in
                try PulsingDotsScene.read(&source, context: context)
            }),
        Entry(
            name: "wreath", summary: "The 12-bar loading wreath, turning in steps",
            read: { (source, context) throws(PresetError) in try WreathScene.read(&source, context: context) }
        ),
        Entry(
            name: "hearts", summary: "A row of system-symbol hearts (one resolved image) beating in turn",
            read: { (source, context) throws(PresetError) in try HeartsScene.read(&source, context: context) }
        ),
        Entry(
            name: "badges", summary: "A grid of badges stamped from one canvas symbol, popping in",
            read: { (source, context) throws(PresetError) in try BadgesScene.read(&source, context: context) }
        ),
        Entry(
            name: "triangle",
            summary: "The orange-gradient triangle with an indigo outline, its inset easing in and out",
            read: { (source, context) throws(PresetError) in try TriangleScene.read(&source, context: context)
            }),
        Entry(
            name: "gradient-circle", summary: "A disc filled with a linear gradient whose direction turns",
            read: { (source, context) throws(PresetError) in
                try GradientCircleScene.read(&source, context: context)
            }),
        Entry(
            name: "spirograph", summary: "A spirograph curve (hypotrochoid) stroked in the centre",
            read: { (source, context) throws(PresetError) in
                try SpirographScene.read(&source, context: context)
            }),
        Entry(
            name: "spirograph-morph",
            summary: "A spirograph morphing through keyframes via animatableData, drawn progressively",
            read: { (source, context) throws(PresetError) in
                try SpirographMorphScene.read(&source, context: context)
            }),
        Entry(
            name: "clock",
            summary: "An analogue clock whose hands move on a periodic schedule (TimelineView)",
            read: { (source, context) throws(PresetError) in try ClockScene.read(&source, context: context) }),
        Entry(
            name: "chart", summary: "A line chart of many points drawn as one path, with a moving marker",
            read: { (source, context) throws(PresetError) in try ChartScene.read(&source, context: context) }),
    ]

    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
