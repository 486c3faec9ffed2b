/// Renders one picture of a canvas or any scene without a pipeline, as SwiftUI's
/// `ImageRenderer`: for stills, posters and tests.
///
/// ```swift
/// let renderer = ImageRenderer(content: Canvas { context, size in … })
/// renderer.proposedSize = ProposedViewSize(width: 320, height: 200)
/// renderer.scale = 2
/// try renderer.pngData()?.write(to: URL(fileURLWithPath: "still.png"))
/// ```
///
/// A class, as SwiftUI's: a renderer made with `let` takes its settings afterwards, and each
/// render uses the settings of that moment. Not for sharing between threads while being set.
public final class ImageRenderer {
    public var content: any AnimatedScene
    /// The canvas size in points (SwiftUI proposes a size to the view; a scene has none of its
    /// own, so this is required in practice). Default 100 × 100.
    public var proposedSize: ProposedViewSize
    /// Pixels per point.
    public var scale: Double
    /// The time of the frame (for `TimelineView` and other animated scenes).
    public var time: FrameTime
    /// Painted under the content; SwiftUI renders onto transparency, as here by default.
    public var background: Color

    public init(content: any AnimatedScene) {
        self.content = content
        proposedSize = CGSize(width: 100, height: 100)
        scale = 1
        time = FrameTime(index: 0, seconds: 0)
        background = .clear
    }

    public convenience init(content: Canvas) {
        self.init(content: content.scene)
    }

    /// The rendered premultiplied RGBA pixels, `proposedSize × scale` rounded.
    public var pixmap: Pixmap {
        let width = max(1, Int((proposedSize.width * scale).rounded()))
        let height = max(1, Int((proposedSize.height * scale).rounded()))
        return ScaledScene(scene: content, size: proposedSize, scale: scale)
            .renderedFrame(at: time, width: width, height: height, background: background)
    }

    /// The picture as PNG bytes (with alpha), or `nil` when encoding fails.
    public func pngData() -> Data? {
        try? StillImage.encode(pixmap, format: .png)
    }
}

/// The size `ImageRenderer` draws at, named as SwiftUI's `ProposedViewSize` so that
/// `renderer.proposedSize = ProposedViewSize(width: 400, height: 300)` ports unchanged. A
/// definite size: a picture has no layout to leave a side open to.
public typealias ProposedViewSize = CGSize
