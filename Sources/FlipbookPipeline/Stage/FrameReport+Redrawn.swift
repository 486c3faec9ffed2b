import FlipbookCanvas
import FlipbookTimeline
import Foundation

extension FrameReport {
    /// The report of frame `index` of `sampler`, redrawn with `layers` (the painter's named
    /// layers, each reused or drawn): why the frame had to be drawn — what changed since the
    /// frame before it — and why each drawn layer was (a model property it read that changed,
    /// else the frame's reason). `--explain` tells it per frame; the preview for the frame shown.
    package static func redrawn(
        index: Int, layers: [LayerReport], scene: any AnimatedScene, sampler: TimelineSampler, size: CGSize,
        caching: Bool
    ) -> FrameReport {
        let frameReason: String
        if index == 0 {
            frameReason = "first frame"
        } else if !caching {
            frameReason = "caching is off"
        } else {
            let before = scene.timelineDate(at: sampler.frame(index - 1))
            let now = scene.timelineDate(at: sampler.frame(index))
            frameReason = before == now ? "drawing changed, timeline.date did not" : "timeline.date changed"
        }
        var layerReasons: [String: String] = [:]
        if index > 0, layers.contains(where: { !$0.reused }) {
            layerReasons = scene.layerChanges(
                from: sampler.frame(index - 1), to: sampler.frame(index), size: size)
        }
        let reported = layers.map { layer in
            LayerReport(
                name: layer.name, reused: layer.reused,
                reason: layer.reused ? nil : layerReasons[layer.name] ?? frameReason)
        }
        return FrameReport(index: index, outcome: .redrawn(reason: frameReason), layers: reported)
    }
}
