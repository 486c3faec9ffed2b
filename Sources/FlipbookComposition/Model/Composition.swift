import FlipbookCanvas
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// A video described in JSON alone: an ordered list of layers drawn bottom to top, with the
/// variables their text fills in. A scene like any other — it draws through the same
/// `GraphicsContext`, so layer caching, `--explain`, motion blur and determinism apply
/// unchanged. Every layer is drawn as a named layer (`drawLayer(named:)`): one that does not
/// change between frames (a background, a logo after it settled) is composited from the layer
/// cache instead of being drawn again.
public struct Composition: AnimatedScene, MemoryEstimating {
    /// The preset's `"scene"` for a composition.
    public static let sceneName = "composition"

    public var layers: [CompositionLayer]
    public var variables: [String: VariableValue]
    package var formatter: ValueFormatter
    /// Margins of the safe area (top, trailing, bottom, leading) for layers drawn `inSafeArea`.
    public var safeArea: [Length]
    /// The video's length in seconds: exits of layers without an end play before it.
    public var duration: Double
    /// The accessibility description (the `description` key, or the texts it shows).
    public var label: String?
    /// The variables that its texts' `{placeholders}` name.
    public var placeholderNames: Set<String>
    /// The variables whose values were given from outside its file (`--set variables.NAME=…`,
    /// a variables table's row), not the file's own: what a batch's rows differ in.
    public var givenVariables: Set<String> = []
    /// Named times on the video's timeline, in seconds (the `markers` key): what its times may
    /// name, and the preset's `audio` too.
    public var markers: [String: Double] = [:]
    /// Its stacks' layouts, kept while their values stay the same (shared by the render
    /// workers, and by copies of the composition).
    package let layoutCache = StackLayoutCache()

    /// The variables it has or shows: the columns of a variables table it takes.
    public var variableNames: Set<String> { Set(variables.keys).union(placeholderNames) }

    /// A composition of `layers` lasting `duration` seconds, whose placeholders show numbers and
    /// dates as `locale` writes them in `timeZone` (the JSON's `locale` and `timeZone` keys).
    public init(
        layers: [CompositionLayer], variables: [String: VariableValue] = [:],
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        safeArea: [Length] = Array(repeating: Length(0), count: 4), duration: Double, label: String? = nil,
        placeholderNames: Set<String> = []
    ) {
        (self.layers, self.variables, self.safeArea, self.duration, self.label) = (
            layers, variables, safeArea, duration, label
        )
        formatter = ValueFormatter(locale: locale, timeZone: timeZone)
        self.placeholderNames = placeholderNames
    }

    /// Draws the layers, bottom to top. Their blurs, shadows and 3D turns see what they draw
    /// beyond the canvas (`filtersSeeBeyondCanvas`): a layer is a picture the frame shows part
    /// of, so a blurred shape half off the frame stays full strength at its edge.
    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        draw(in: &context, size: size, time: time, inspector: nil)
    }

    /// Draws the layers, each recorded by `inspector` when there is one (`inspection`).
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime, inspector: LayerInspector?) {
        let renderer = LayerRenderer(composition: self, canvas: size, frame: time, inspector: inspector)
        let canvas = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        var layersContext = context
        layersContext.filtersSeeBeyondCanvas = true
        for layer in layers {
            renderer.draw(layer, in: &layersContext, parent: canvas, time: time.seconds, end: duration)
        }
    }

    /// The memory drawing the composition holds (`CompositionMemory`): the offscreen canvases of
    /// its costliest chain of nested layers and what a frame records, per worker; its decoded
    /// pictures once. Each item is at the JSON path of the layer that holds it.
    package func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate {
        var memory = CompositionMemory(canvas: canvas, scale: scale)
        return memory.estimate(layers)
    }

    /// The safe area of a canvas of `size`.
    package func safeRect(in size: CGSize) -> CGRect {
        let top = safeArea[0].points(extent: size.height, canvas: size)
        let trailing = safeArea[1].points(extent: size.width, canvas: size)
        let bottom = safeArea[2].points(extent: size.height, canvas: size)
        let leading = safeArea[3].points(extent: size.width, canvas: size)
        return CGRect(
            x: leading, y: top, width: max(size.width - leading - trailing, 0),
            height: max(size.height - top - bottom, 0))
    }

    public var accessibilityLabel: String? { label }
}
