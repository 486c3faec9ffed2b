/// A track's volume changing over time — a music bed rising for the finale, dipping under a
/// line — as keyframes of gain at seconds from the track's start. Between two keyframes the
/// gain changes evenly in amplitude, as a track's fades do; before the first and after the last
/// it holds.
package struct VolumeEnvelope: Hashable, Sendable {
    /// A gain (a factor of amplitude) at a time (seconds from the track's start).
    package struct Keyframe: Hashable, Sendable {
        package var seconds: Double
        package var gain: Double

        package init(seconds: Double, gain: Double) {
            (self.seconds, self.gain) = (seconds, gain)
        }
    }

    /// In order of time, at least one.
    package let keyframes: [Keyframe]

    /// The envelope through `keyframes`, which must be in strictly increasing time and not empty.
    package init?(_ keyframes: [Keyframe]) {
        guard !keyframes.isEmpty,
            zip(keyframes, keyframes.dropFirst()).allSatisfy({ $0.seconds < $1.seconds })
        else { return nil }
        self.keyframes = keyframes
    }

    /// The gain `seconds` after the track's start.
    func gain(at seconds: Double) -> Double {
        // The first keyframe after `seconds`, by bisection: the mixer asks for every sample.
        var (low, high) = (0, keyframes.count)
        while low < high {
            let middle = (low + high) / 2
            if keyframes[middle].seconds > seconds { high = middle } else { low = middle + 1 }
        }
        let after = low
        guard after < keyframes.count else { return keyframes[keyframes.count - 1].gain }
        guard after > 0 else { return keyframes[0].gain }
        let (a, b) = (keyframes[after - 1], keyframes[after])
        return a.gain + (b.gain - a.gain) * (seconds - a.seconds) / (b.seconds - a.seconds)
    }
}
