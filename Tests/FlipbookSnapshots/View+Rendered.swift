import FlipbookCanvas
import FlipbookRaster
import FlipbookTimeline
import Foundation

extension View {
    /// The view rendered onto transparency as `ImageRenderer` renders it: laid out for
    /// `proposal` (its ideal size unless given) at the size it takes, at `seconds` into the video.
    public func rendered(proposal: ProposedViewSize = .unspecified, seconds: Double = 0) -> Pixmap {
        let time = FrameTime(index: 0, seconds: seconds)
        let (still, size) = stillLayout(of: scene, proposal: proposal, at: time)
        return still.renderedFrame(
            at: time, width: Int(size.width.rounded()), height: Int(size.height.rounded()), background: .clear
        )
    }

    /// The size the view takes when offered `proposal`, at `seconds` into the video.
    public func size(proposal: ProposedViewSize = .unspecified, seconds: Double = 0) -> CGSize {
        scene.sizeThatFits(proposal, at: FrameTime(index: 0, seconds: seconds))
    }
}
