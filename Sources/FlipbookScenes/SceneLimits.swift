import FlipbookJSON

/// The ceilings a scene's parameters are held to while they are read, so that a bad or hostile
/// preset cannot make drawing one frame exhaust the machine: particle count, path complexity,
/// painted area, text length. Part of `RenderLimits` (FlipbookPresets), which adds the video's
/// size and length; each can be raised on purpose.
package struct SceneLimits: Hashable, Sendable {
    /// Confetti pieces (or other particles) in one scene, all bursts together — in a
    /// composition, in all its scenes together. Each costs about 1.5 kB while frames are drawn
    /// (`ParticleScene.bytesPerParticle`), so the default keeps them near 150 MB.
    package var particles = 100_000
    /// Points in one generated path (e.g. a spirograph curve).
    package var pathPoints = 1_000_000
    /// Square points a scene may paint per frame, shapes summed (each counted up to the
    /// canvas's area): 10⁶ stars of 100 points would paint 10¹⁰ and take most of a minute per
    /// frame. The default, 5 × 10⁸, is about 240 full 1080p frames of overdraw (well under a
    /// second per frame).
    package var paintedArea = 500_000_000.0
    /// Characters in one text parameter (a headline, a label), which is shaped every frame; in
    /// a composition, in all its texts together, after their placeholders are filled.
    package var textLength = 10_000

    package init() {}

    /// The names of these limits, with what they bound.
    package static let names: [(name: String, meaning: String)] = [
        ("particles", "particles in one scene, or in a composition's scenes together"),
        ("path-points", "points in one generated path"),
        ("painted-area", "square points painted per frame (shapes × their area)"),
        (
            "text-length",
            "characters in one text parameter, or in a composition's texts together with their placeholders filled"
        ),
    ]

    /// Sets the limit `name` to `value`; `false` when `name` is not one of these.
    package mutating func set(_ name: String, to value: Double) -> Bool {
        switch name {
        case "particles": particles = Int(value)
        case "path-points": pathPoints = Int(value)
        case "painted-area": paintedArea = value
        case "text-length": textLength = Int(value)
        default: return false
        }
        return true
    }

    /// The message for a value over the limit `name`, its meaning looked up in `names` (the
    /// error carries `name` too, so each front end says in its own words how to raise it:
    /// `PresetError.exceeding(_:)`).
    package static func exceeded(
        _ name: String, limit: String, got: String, names: [(name: String, meaning: String)] = names
    ) -> String {
        "exceeds the limit of \(limit) \(names.first { $0.name == name }?.meaning ?? name) (got \(got))"
    }
}
