import Foundation

/// The gain of a ducking track (`Ducking`) over the whole video, found before the mix from the
/// sounds it ducks under: mixed on their own, their level measured every 10 ms, and the
/// track's gain at each of those steps worked out from when they play — ahead of them too,
/// which a mix made block by block could not see. The gain between steps is interpolated, so
/// it changes smoothly from sample to sample. A hundred numbers per second of video: an hour
/// costs 1.4 MB.
struct DuckingEnvelope {
    /// Sample frames per step: 10 ms.
    static let step = AudioFileReader.sampleRate / 100
    /// The track's gain (a factor) at the start of each step, and one more after the last.
    private let gains: [Float]

    /// The envelope for `ducking` under the sounds of `keys` (mixed as they are, without their
    /// own ducking) over `totalFrames` sample frames.
    init(_ ducking: Ducking, keys: AudioMix, totalFrames: Int) throws {
        let mixer = try AudioMixer(keys, totalFrames: totalFrames, gain: 1, ceiling: nil, clipped: false)
        // Mean square over both channels above which the keys play: an RMS of `threshold` dBFS.
        let threshold = pow(10, ducking.threshold / 10)
        var playing: [Bool] = []
        while mixer.remaining > 0 {
            let samples = try mixer.next(Self.step)
            let meanSquare = samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)
            playing.append(meanSquare > threshold)
        }
        let seconds = 1 / Double(AudioFileReader.sampleRate / Self.step)
        let count = playing.count
        // Steps to the next step where a key plays (at or after each), and since the last.
        var ahead = [Int](repeating: .max, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            ahead[index] = playing[index] ? 0 : (ahead[index + 1] == .max ? .max : ahead[index + 1] + 1)
        }
        var since = Int.max
        let decibels = 20 * log10(max(ducking.gain, 1e-9))
        gains = (0...count).map { index in
            if index < count, playing[index] { since = 0 } else if since != .max { since += 1 }
            let down = Self.ramp(ahead[index], over: ducking.attack, seconds: seconds)
            let held = since == .max ? Int.max : max(0, since - Int((ducking.hold / seconds).rounded()))
            let depth = max(down, Self.ramp(held, over: ducking.release, seconds: seconds))
            return Float(pow(10, depth * decibels / 20))
        }
    }

    /// How far down (0…1) a track is `steps` steps of `seconds` from a key, ramping over
    /// `duration` seconds.
    private static func ramp(_ steps: Int, over duration: Double, seconds: Double) -> Double {
        guard steps != .max else { return 0 }
        guard duration > 0 else { return steps == 0 ? 1 : 0 }
        return max(0, 1 - Double(steps) * seconds / duration)
    }

    /// The gain at sample frame `frame`.
    func gain(at frame: Int) -> Float {
        guard gains.count > 1 else { return gains[0] }
        let index = min(frame / Self.step, gains.count - 2)
        let fraction = Float(frame - index * Self.step) / Float(Self.step)
        return gains[index] + (gains[index + 1] - gains[index]) * min(fraction, 1)
    }
}
