/// A seeded pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// Scenes draw all their randomness from one of these, seeded from the preset, so a seed always
/// gives the same video. The sequence matches the benchmark definition in
/// `bench/scenes/README.md`, so the built-in confetti reproduces the benchmark particles.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
