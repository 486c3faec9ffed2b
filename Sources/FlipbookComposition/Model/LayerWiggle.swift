import FlipbookScenes
import Foundation

/// Smooth random movement of a layer about its place — a hand-held camera's drift, a sticker
/// that will not keep still — as After Effects' `wiggle(frequency, amount)`: each of the
/// horizontal and vertical offset, the turn and the scale follows its own seeded curve through
/// a random value in −1…1 every 1/`frequency` seconds, passed through smoothly (a Catmull–Rom
/// spline, so it never stops at them), times its amount.
///
/// A pure function of the layer's time and the seed: frames render the same in any order, on
/// any thread, in every run.
public struct LayerWiggle: Sendable {
    /// Random values per second.
    public var frequency: Double
    /// The greatest offset along x and along y, points.
    public var position: Animated<Double> = .constant(0)
    /// The greatest turn either way, degrees.
    public var rotation: Animated<Double> = .constant(0)
    /// The greatest change of scale either way, as a fraction (0.1: 90 % to 110 %).
    public var scale: Animated<Double> = .constant(0)
    public var seed: UInt64

    public init(frequency: Double, seed: UInt64) {
        (self.frequency, self.seed) = (frequency, seed)
    }

    /// The offsets at layer time `time`: points along x and y, degrees, and a scale factor's
    /// change.
    public func offsets(at time: Double) -> (x: Double, y: Double, rotation: Double, scale: Double) {
        let position = self.position.value(at: time)
        return (
            position * noise(channel: 0, at: time), position * noise(channel: 1, at: time),
            rotation.value(at: time) * noise(channel: 2, at: time),
            scale.value(at: time) * noise(channel: 3, at: time)
        )
    }

    /// One curve's value at `time`, in −1…1.
    private func noise(channel: UInt64, at time: Double) -> Double {
        let position = time * frequency
        guard position.isFinite, abs(position) < 1e15 else { return 0 }
        let base = position.rounded(.down)
        let f = position - base
        let i = Int64(base)
        let (p0, p1, p2, p3) = (
            value(channel, i - 1), value(channel, i), value(channel, i + 1), value(channel, i + 2)
        )
        // Catmull–Rom through the four values around `position`.
        let a = 2 * p1
        let b = p2 - p0
        let c = 2 * p0 - 5 * p1 + 4 * p2 - p3
        let d = 3 * (p1 - p2) + p3 - p0
        return min(1, max(-1, 0.5 * (a + f * (b + f * (c + f * d)))))
    }

    /// The random value of `channel` at lattice point `index`, uniform in −1…1: the first draw
    /// of a SplitMix64 seeded with the seed, the channel and the index.
    private func value(_ channel: UInt64, _ index: Int64) -> Double {
        var generator = SplitMix64(
            seed: seed &+ channel &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: index)
                &* 0xD1B5_4A32_D192_ED03)
        return Double(generator.next() >> 11) * 0x1p-52 - 1
    }
}
