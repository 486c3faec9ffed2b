import FlipbookRendering
import Synchronization

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
/// render uses the settings of that moment. Safe to share between threads: the settings are
/// read and written under a lock, and a render works on a copy of them.
public final class ImageRenderer: Sendable {
    private struct Settings {
        var content: any AnimatedScene
        var proposedSize = ProposedViewSize(width: 100, height: 100)
        var scale = 1.0
        var time = FrameTime(index: 0, seconds: 0)
        var background = Color.clear
    }

    private let settings: Mutex<Settings>

    public var content: any AnimatedScene {
        get { self[\.content] }
        set { self[\.content] = newValue }
    }

    /// The canvas size in points. A side left unspecified (`nil`) or infinite gets a canvas's
    /// ideal length, 10 points, as in SwiftUI; a scene has no size of its own, so name both.
    /// Default 100 × 100 (SwiftUI's default is `.unspecified`, which would give 10 × 10). A view
    /// (`init(content:)` with any `View`) is rendered at the size it takes when offered this
    /// proposal; for a view the default is `.unspecified`, its ideal size, as in SwiftUI.
    public var proposedSize: ProposedViewSize {
        get { self[\.proposedSize] }
        set { self[\.proposedSize] = newValue }
    }

    /// Pixels per point.
    public var scale: Double {
        get { self[\.scale] }
        set { self[\.scale] = newValue }
    }

    /// The time of the frame (for `TimelineView` and other animated scenes).
    public var time: FrameTime {
        get { self[\.time] }
        set { self[\.time] = newValue }
    }

    /// Painted under the content; SwiftUI renders onto transparency, as here by default.
    public var background: Color {
        get { self[\.background] }
        set { self[\.background] = newValue }
    }

    /// A setting, read or written under the lock.
    private subscript<Value: Sendable>(setting: WritableKeyPath<Settings, Value>) -> Value {
        get { settings.withLock { $0[keyPath: setting] } }
        set { settings.withLock { $0[keyPath: setting] = newValue } }
    }

    public init(content: any AnimatedScene) {
        settings = Mutex(Settings(content: content))
    }

    public convenience init(content: Canvas) {
        self.init(content: content.scene)
    }

    /// The rendered premultiplied RGBA pixels, `proposedSize × scale` rounded — or, for a view,
    /// the size the view takes when offered `proposedSize`, times `scale`.
    public var pixmap: Pixmap {
        let now = settings.withLock { $0 }
        let (scene, size) = stillLayout(of: now.content, proposal: now.proposedSize, at: now.time)
        let width = max(1, Int((size.width * now.scale).rounded()))
        let height = max(1, Int((size.height * now.scale).rounded()))
        return ScaledScene(scene: scene, size: size, scale: now.scale)
            .renderedFrame(at: now.time, width: width, height: height, background: now.background)
    }

    /// The picture as PNG bytes (with alpha), or `nil` when encoding fails.
    public func pngData() -> Data? {
        try? StillImage.encode(pixmap, format: .png)
    }
}
