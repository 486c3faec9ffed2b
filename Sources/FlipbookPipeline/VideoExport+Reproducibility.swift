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
        Warnings.report(
            "the scene \(Self.name(of: scene)) draws the same frame differently each time: it uses "
                + "unseeded randomness (such as Double.random(in:)), so no two renders match; draw "
                + "random values from a seeded generator, Double.random(in: range, using: &generator) "
                + "with var generator = SplitMix64(seed: 42)")
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
