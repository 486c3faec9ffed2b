import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

extension VideoExport {
    /// Draws the frame at `time` twice and warns (once per scene type) when the two drawings
    /// differ: the scene uses randomness that is not seeded — `Double.random(in:)`, `UUID()`,
    /// the wall clock — so no two renders of the video would match. The warning names the scene
    /// and the fix. Costs two display lists, no pixels.
    func warnIfUnreproducible(at time: FrameTime) {
        let size = CGSize(width: Double(width), height: Double(height))
        guard scene.displayList(size: size, time: time) != scene.displayList(size: size, time: time) else {
            return
        }
        warnings.report(
            .unreproducible,
            "the scene \(Self.name(of: scene)) draws the same frame differently each time: it uses "
                + "unseeded randomness (such as Double.random(in:)), so no two renders match; draw "
                + "random values from a seeded generator, Double.random(in: range, using: &generator) "
                + "with var generator = SplitMix64(seed: 42)")
    }

    /// How many frames a second `checkDrawing()` records, at most, and how many in all (a long
    /// video is checked at evenly spaced frames, so that a check stays quick).
    static let checkedFramesPerSecond = 10.0
    static let checkedFrames = 600

    /// Records the drawing of the frames at `times` — by default frames across the video, every
    /// one up to `checkedFramesPerSecond` a second and `checkedFrames` in all, and the last —
    /// without a pixel, so that a dry run reports the warnings a render would: a text cut off, a
    /// character no installed font has, a missing image, unseeded randomness. Costs display
    /// lists only; the warnings go to `warnings`.
    public func checkDrawing(at times: [FrameTime]? = nil) {
        let times = times ?? checkedTimes
        warnings.receiving {
            warnIfUnreproducible(at: times.first ?? sampler.frame(0))
            let size = CGSize(width: Double(width), height: Double(height))
            for time in times { _ = scene.displayList(size: size, time: time) }
        }
    }

    /// The frames `checkDrawing()` records by default.
    private var checkedTimes: [FrameTime] {
        let step = max(
            1, Int(sampler.frameRate.framesPerSecond / Self.checkedFramesPerSecond),
            sampler.frameCount / Self.checkedFrames)
        return (Array(stride(from: 0, to: sampler.frameCount, by: step)) + [sampler.frameCount - 1])
            .map(sampler.frame)
    }

    /// The scene's type, looking through the wrappers the pipeline and modifiers add.
    static func name(of scene: any AnimatedScene) -> String {
        switch scene {
        case let scaled as ScaledScene: name(of: scaled.scene)
        case let environment as EnvironmentScene: name(of: environment.scene)
        case let accessible as AccessibleScene: name(of: accessible.scene)
        default: String(describing: type(of: scene))
        }
    }
}
