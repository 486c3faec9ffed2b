import Foundation
import Synchronization

/// The gain of a ducking track (`Ducking`) over the whole video, found before the mix from the
/// sounds it ducks under: mixed on their own, their level measured every 10 ms, and the
/// track's gain at each of those steps worked out from when they play — ahead of them too,
/// which a mix made block by block could not see. The gain between steps is interpolated, so
/// it changes smoothly from sample to sample. A hundred numbers per second of video: an hour
/// costs 1.4 MB.
struct DuckingEnvelope {
    /// Sample frames per step: 10 ms.
    static let step = AudioMix.sampleRate / 100
    /// The track's gain (a factor) at the start of each step, and one more after the last.
    private let gains: [Float]

    /// The envelope for `ducking` under the sounds of `keys` (mixed as they are, without their
    /// own ducking, their files read by `codecs`) over `totalFrames` sample frames: found again
    /// only if not found before from the same sounds, unchanged on disk (`Found`). A render with
    /// a loudness mixes its sound up to eight times — the measuring passes, a codec's trial, the
    /// encoding — and each would otherwise decode the sounds it ducks under again.
    init(_ ducking: Ducking, keys: AudioMix, totalFrames: Int, codecs: any AudioCodecs) throws {
        let key = Found.Key(ducking: ducking, keys: keys, totalFrames: totalFrames)
        if let gains = Found.gains(for: key) {
            self.gains = gains
            return
        }
        gains = try Self.gains(ducking, keys: keys, totalFrames: totalFrames, codecs: codecs)
        Found.keep(gains, for: key)
    }

    /// The track's gain at every step and one more, worked out from the keys' mix.
    private static func gains(
        _ ducking: Ducking, keys: AudioMix, totalFrames: Int, codecs: any AudioCodecs
    ) throws -> [Float] {
        let mixer = try AudioMixer(
            keys, totalFrames: totalFrames, gain: 1, ceiling: nil, clipped: false, codecs: codecs)
        // Mean square over both channels above which the keys play: an RMS of `threshold` dBFS.
        let threshold = pow(10, ducking.threshold / 10)
        var playing: [Bool] = []
        while mixer.remaining > 0 {
            let samples = try mixer.next(Self.step)
            let meanSquare = samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)
            playing.append(meanSquare > threshold)
        }
        let seconds = 1 / Double(AudioMix.sampleRate / Self.step)
        let count = playing.count
        // Steps to the next step where a key plays (at or after each), and since the last.
        var ahead = [Int](repeating: .max, count: count + 1)
        for index in stride(from: count - 1, through: 0, by: -1) {
            ahead[index] = playing[index] ? 0 : (ahead[index + 1] == .max ? .max : ahead[index + 1] + 1)
        }
        var since = Int.max
        let decibels = 20 * log10(max(ducking.gain, 1e-9))
        return (0...count).map { index in
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

    /// Envelopes found in this process, by what they were found from.
    enum Found {
        /// What an envelope is found from: the ducking, the keys' mix and length, and each key
        /// file's size and modification date (a file changed on disk is measured again).
        struct Key: Hashable {
            var ducking: Ducking
            var keys: AudioMix
            var totalFrames: Int
            var files: [String: [Int]]

            init(ducking: Ducking, keys: AudioMix, totalFrames: Int) {
                (self.ducking, self.keys, self.totalFrames) = (ducking, keys, totalFrames)
                files = Dictionary(
                    keys.tracks.map { track in
                        let attributes = try? FileManager.default.attributesOfItem(atPath: track.file)
                        let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
                        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
                        return (track.file, [size, Int((modified * 1e6).rounded())])
                    }, uniquingKeysWith: { first, _ in first })
            }
        }

        /// At most this many envelopes are kept (a batch of videos with other voices replaces
        /// them); an hour of video's envelope is 1.4 MB.
        static let limit = 16
        private static let kept = Mutex<[Key: [Float]]>([:])

        static func gains(for key: Key) -> [Float]? {
            kept.withLock { $0[key] }
        }

        static func keep(_ gains: [Float], for key: Key) {
            kept.withLock { kept in
                if kept.count >= limit { kept.removeAll() }
                kept[key] = gains
            }
        }
    }

    /// The gain at sample frame `frame`.
    func gain(at frame: Int) -> Float {
        guard gains.count > 1 else { return gains[0] }
        let index = min(frame / Self.step, gains.count - 2)
        let fraction = Float(frame - index * Self.step) / Float(Self.step)
        return gains[index] + (gains[index + 1] - gains[index]) * min(fraction, 1)
    }
}
