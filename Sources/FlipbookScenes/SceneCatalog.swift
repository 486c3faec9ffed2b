import FlipbookCanvas
import FlipbookJSON
import Foundation

/// The built-in scenes by name, as presets refer to them. Each reads its parameters in one
/// function through a `ParameterSource`, from which the decoder, the JSON Schema
/// (`PresetSchema`) and `flipbook scenes` all come.
package enum SceneCatalog {
    /// What a scene's reader may use besides its parameters.
    package struct DecodingContext: Sendable {
        /// The preset's random seed.
        package var seed: UInt64
        package var limits: SceneLimits
        /// The preset's `"scene"` value: where to point errors that no parameter caused.
        package var sceneField: JSONField?
        /// The preset's canvas, in points.
        package var canvas: CGSize

        /// The canvas's area in square points: no one shape paints more than this.
        package var canvasArea: Double { canvas.width * canvas.height }

        package init(
            seed: UInt64 = 0, limits: SceneLimits = SceneLimits(), sceneField: JSONField? = nil,
            canvas: CGSize = CGSize(width: 1920, height: 1080)
        ) {
            (self.seed, self.limits, self.sceneField, self.canvas) = (seed, limits, sceneField, canvas)
        }

        /// Checks that `shapes` shapes of `area` square points each (counted up to the canvas's
        /// area) stay within the `painted-area` limit; the error points at `key`.
        package func checkPaintedArea(
            shapes: Int, area: Double, _ source: any ParameterSource, key: String?
        ) throws(PresetError) {
            let painted = Double(shapes) * min(area, canvasArea)
            guard painted <= limits.paintedArea else {
                throw source.error(
                    key,
                    "\(shapes) shapes of up to \(JSONField.format(area.rounded())) square points "
                        + SceneLimits.exceeded(
                            "painted-area", limit: JSONField.format(limits.paintedArea),
                            got: JSONField.format(painted.rounded()))
                ).exceeding("painted-area")
            }
        }
    }

    /// Reads one scene's parameters.
    package typealias Reader =
        @Sendable (inout any ParameterSource, DecodingContext) throws(PresetError) -> any AnimatedScene

    /// One scene: its preset name, a one-line description, and how it reads its parameters.
    package struct Entry: Sendable {
        package var name: String
        package var summary: String
        package var read: Reader

        /// The entry for a scene type that reads itself.
        init<Scene: ParameterReadable>(_ name: String, _ summary: String, _ scene: Scene.Type) {
            self.name = name
            self.summary = summary
            read = { (source, context) throws(PresetError) in try Scene.read(&source, context: context) }
        }

        /// The scene from a preset's `parameters` object (absent: all defaults).
        package func make(_ parameters: JSONField?, _ context: DecodingContext) throws(PresetError)
            -> any AnimatedScene
        {
            let field =
                parameters
                ?? JSONField(
                    value: JSONValue(kind: .object([]), location: TextLocation(line: 1, column: 1)),
                    path: "parameters",
                    file: context.sceneField?.file ?? "")
            let json = try JSONParameterSource(field, maximumTextLength: context.limits.textLength)
            var source: any ParameterSource = json
            let scene = try read(&source, context)
            try (source as? JSONParameterSource)?.finish()
            return scene
        }

        /// Every parameter, described (name, type, range, default, meaning).
        package var parameters: [SchemaRecorder.Parameter] { described.parameters }

        /// The JSON Schema of the `parameters` object.
        package var schema: JSONOutput { described.schema }

        /// The reader run against a `SchemaRecorder` (which returns defaults and never throws).
        private var described: SchemaRecorder {
            var source: any ParameterSource = SchemaRecorder()
            _ = try? read(&source, DecodingContext())
            return source as? SchemaRecorder ?? SchemaRecorder()
        }
    }

    package static let entries: [Entry] = [
        Entry(
            "confetti", "Confetti bursts that fly, spin, fall and fade; an optional headline",
            ConfettiScene.self),
        Entry(
            "starry-sky", "A night sky of seeded stars, each twinkling with its own phase",
            StarrySkyScene.self),
        Entry("pulsing-dots", "A row of dots whose radii pulse one after another", PulsingDotsScene.self),
        Entry("wreath", "The 12-bar loading wreath, turning in steps", WreathScene.self),
        Entry(
            "hearts", "A row of system-symbol hearts (one resolved image) beating in turn", HeartsScene.self),
        Entry("badges", "A grid of badges stamped from one canvas symbol, popping in", BadgesScene.self),
        Entry(
            "triangle", "The orange-gradient triangle with an indigo outline, its inset easing in and out",
            TriangleScene.self),
        Entry(
            "gradient-circle", "A disc filled with a linear gradient whose direction turns",
            GradientCircleScene.self),
        Entry("spirograph", "A spirograph curve (hypotrochoid) stroked in the centre", SpirographScene.self),
        Entry(
            "spirograph-morph",
            "A spirograph morphing through keyframes via animatableData, drawn progressively",
            SpirographMorphScene.self),
        Entry(
            "clock", "An analogue clock whose hands move on a periodic schedule (TimelineView)",
            ClockScene.self),
        Entry(
            "chart", "A line chart of many points drawn as one path, with a moving marker", ChartScene.self),
    ]

    package static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}

/// A scene that builds itself from its parameters, read through a `ParameterSource`.
protocol ParameterReadable: AnimatedScene {
    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> Self
}

extension ConfettiScene: ParameterReadable {}
extension StarrySkyScene: ParameterReadable {}
extension PulsingDotsScene: ParameterReadable {}
extension WreathScene: ParameterReadable {}
extension HeartsScene: ParameterReadable {}
extension BadgesScene: ParameterReadable {}
extension TriangleScene: ParameterReadable {}
extension GradientCircleScene: ParameterReadable {}
extension SpirographScene: ParameterReadable {}
extension SpirographMorphScene: ParameterReadable {}
extension ClockScene: ParameterReadable {}
extension ChartScene: ParameterReadable {}
