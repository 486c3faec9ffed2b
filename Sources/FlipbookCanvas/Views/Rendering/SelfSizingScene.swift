import FlipbookTimeline
import Foundation

/// A scene that chooses its own size, as a view does: `ImageRenderer` asks it for its size
/// under the renderer's proposal, and renders it laid out for that proposal.
package protocol SelfSizingScene: AnimatedScene {
    /// The size the scene takes when offered `proposal`, at `time`.
    func sizeThatFits(_ proposal: ProposedViewSize, at time: FrameTime) -> CGSize

    /// The scene laid out for `proposal` whatever the size of the canvas it is drawn on.
    func proposing(_ proposal: ProposedViewSize) -> any AnimatedScene
}

/// What a still of `scene` offered `proposal` at `time` draws, and its size in points, as
/// `ImageRenderer` renders it: a self-sizing scene (a view) laid out for the proposal at the size
/// it takes; any other scene at the size proposed. Either way a side left unspecified, infinite
/// or not a number is a canvas's ideal 10 points.
package func stillLayout(of scene: any AnimatedScene, proposal: ProposedViewSize, at time: FrameTime) -> (
    scene: any AnimatedScene, size: CGSize
) {
    guard let view = scene as? any SelfSizingScene else { return (scene, proposal.canvasSize) }
    return (view.proposing(proposal), ProposedViewSize(view.sizeThatFits(proposal, at: time)).canvasSize)
}
