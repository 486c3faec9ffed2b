import Foundation

/// What resolving a view for one frame reads from where the view sits: the drawing environment
/// (the frame's date, locale, image catalog — carried by a graphics context, which text and
/// pictures are resolved with), the foreground style set around it, and the stack it is a
/// direct subview of.
struct ViewInputs {
    /// A context with the environment and foreground of the view's place; only read, never
    /// drawn into.
    var graphics: GraphicsContext
    /// What text without a colour of its own, shapes without a fill, symbols and canvases'
    /// `.foreground` are painted with, when a `foregroundStyle` modifier set it.
    var foregroundStyle: (any ShapeStyle)?
    /// The font of text whose pieces set none of their own, when a `font` modifier set it.
    var font: Font?
    /// The axis of the stack the view is a direct subview of — the axis a `Spacer` grows along —
    /// or `nil` outside stacks.
    var stackAxis: Axis?

    init(graphics: GraphicsContext) {
        self.graphics = graphics
    }

    /// The environment the view is resolved and drawn in.
    var environment: EnvironmentValues {
        get { graphics.environment }
        set { graphics.environment = newValue }
    }
}
