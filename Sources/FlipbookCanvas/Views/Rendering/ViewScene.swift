import FlipbookTimeline
import Foundation

/// A view as a scene, so that it renders into video as any scene does (`VideoExport`, presets'
/// Swift counterparts, `FlipbookMain`): each frame, the view is offered the frame's size,
/// centred in it as SwiftUI centres a window's view, and drawn with the frame's date as "now" —
/// for the `TimelineView`s and timers inside it.
///
/// ```swift
/// let export = VideoExport(scene: Card().scene, sampler: sampler, width: 640, height: 360)
/// ```
public struct ViewScene<Content: View>: SelfSizingScene, @unchecked Sendable {
    /// Unchecked: a view holds canvases, whose closures are not `Sendable` (SwiftUI's are not
    /// either). A scene is shared by render workers, so the view must not mutate shared state —
    /// views whose bodies read only their own properties and closures that read only constants
    /// and their parameters, as views and canvases are written, do not.
    public let content: Content
    /// What the view is offered; the frame's size when `nil`.
    private var proposal: ProposedViewSize?

    public init(_ content: Content) {
        (self.content, proposal) = (content, nil)
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        ViewRoot(content, in: context).draw(
            in: &context, proposal: proposal ?? ProposedViewSize(size), canvas: size)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize, at time: FrameTime) -> CGSize {
        var context = GraphicsContext(recording: GraphicsContext.Recording())
        context.environment.frameDate = timelineDate(at: time)
        return ViewRoot(content, in: context).sizeThatFits(proposal)
    }

    package func proposing(_ proposal: ProposedViewSize) -> any AnimatedScene {
        var scene = self
        scene.proposal = proposal
        return scene
    }
}

extension View {
    /// This view as a scene that renders it into every frame of a video (see `ViewScene`).
    public var scene: ViewScene<Self> { ViewScene(self) }
}
