import FlipbookCanvas

/// The built-in scenes by name, as presets refer to them.
public enum SceneCatalog {
    /// One scene: its preset name, a one-line description, and how to build it from preset
    /// parameters and a seed.
    public struct Entry: Sendable {
        public var name: String
        public var summary: String
        public var make: @Sendable (JSONField?, UInt64) throws(PresetError) -> any AnimatedScene
    }

    public static let entries: [Entry] = [
        Entry(
            name: "confetti",
            summary: "Confetti bursts that fly, spin, fall under gravity and fade (lesson 000)",
            make: { (parameters, seed) throws(PresetError) in
                try ConfettiScene(parameters: parameters, seed: seed)
            }),
        Entry(
            name: "spirograph",
            summary: "A spirograph curve (hypotrochoid) stroked in the centre (lesson 002)",
            make: { (parameters, _) throws(PresetError) in try SpirographScene(parameters: parameters) }),
    ]

    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
