import FlipbookRaster
import Foundation

/// A scene that knows what drawing it holds in memory besides the frame's own pixels, for the
/// memory budget a render is checked against before its first frame (`MemoryEstimate`): what each
/// frame being drawn holds — particles, offscreen canvases, text — and what the render holds once
/// — decoded pictures — on a canvas of `canvas` points drawn at `scale` pixels per point. Items
/// name where in the preset they come from, relative to the scene (its `parameters`, a
/// composition's `layers[2]`).
///
/// Flipbook's own scenes (compositions, particle scenes and the wrappers around a scene) conform;
/// a Swift scene does not need to: it draws what it draws, and its frames are counted by the
/// render. The protocol is `package` so that the estimate stays machinery, free to change.
package protocol MemoryEstimating {
    func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate
}

extension AnimatedScene {
    /// What the scene holds in memory on a canvas of `canvas` points at `scale` pixels per point:
    /// its own estimate when it makes one, nothing otherwise.
    package func estimatedMemory(canvas: CGSize, scale: Double) -> MemoryEstimate {
        (self as? any MemoryEstimating)?.memoryEstimate(canvas: canvas, scale: scale) ?? MemoryEstimate()
    }
}
