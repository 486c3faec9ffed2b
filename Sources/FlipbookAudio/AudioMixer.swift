import Foundation

/// Mixes an `AudioMix` into one stereo stream of exactly `totalFrames` sample frames at
/// 48 kHz, block by block in order: each track's file is opened when the track starts, read as
/// far as the block needs, and closed when it ends — memory stays flat however long the files
/// or the video. Sample frame `n` is at n ÷ 48000 s of the video, the same rational timeline as
/// the frames: a cue at a frame's time starts on that frame's first sample.
package final class AudioMixer {
    private struct Voice {
        var track: AudioTrack
        var startFrame: Int
        /// Where the track stops: its duration, or the video's end.
        var endFrame: Int
        /// Where its fade-out ends (its own end, or the video's when it runs to the end).
        var fadeEndFrame: Int
        var reader: (any AudioSamples)?
        var finished = false
        /// Its gain over time, when it ducks under other sounds.
        var ducking: DuckingEnvelope?
    }

    package let totalFrames: Int
    private var voices: [Voice]
    /// The next frame to put out, and the next to mix (ahead of it by the limiter's look-ahead).
    private var position = 0
    private var mixedTo = 0
    /// The mix's `LoudnessNormalization` gain, as a factor.
    private let gain: Float
    /// Its limiter, when its peaks need one.
    private let limiter: TruePeakLimiter?
    /// Whether the sum is clipped to full scale, as a file's samples must be.
    private let clipped: Bool
    /// What decodes the tracks' files.
    private let codecs: any AudioCodecs

    /// A mixer for the sound `settings` describe, its files decoded by `codecs`. A mix with a
    /// `loudness` whose gain was not found yet for its length and codec is measured first,
    /// which reads its files through again.
    package convenience init(_ settings: AudioSettings, codecs: any AudioCodecs) throws {
        let normalization = try settings.mix.normalized(
            totalFrames: settings.totalFrames, codec: settings.codec, bitrate: settings.bitrate,
            codecs: codecs
        ).normalization
        try self.init(
            settings.mix, totalFrames: settings.totalFrames, gain: normalization?.factor ?? 1,
            ceiling: normalization?.limiterAmplitude, clipped: true, codecs: codecs)
    }

    /// A mixer of `mix`'s tracks (whatever its `loudness`) at `gain`, limited to the amplitude
    /// `ceiling` if given, and clipped to full scale if `clipped` (not when measuring), its files
    /// decoded by `codecs`.
    init(
        _ mix: AudioMix, totalFrames: Int, gain: Float, ceiling: Double?, clipped: Bool,
        codecs: any AudioCodecs
    ) throws {
        (self.totalFrames, self.gain, self.clipped, self.codecs) = (totalFrames, gain, clipped, codecs)
        limiter = ceiling.map { TruePeakLimiter(ceiling: $0) }
        let rate = Double(AudioMix.sampleRate)
        voices = try mix.tracks.indices.map { index in
            let track = mix.tracks[index]
            let start = Int((track.start * rate).rounded())
            let end =
                track.duration.map { min(start + Int(($0 * rate).rounded()), totalFrames) } ?? totalFrames
            let ducking = try track.duck.flatMap { ducking in
                try mix.keys(of: index).map {
                    try DuckingEnvelope(ducking, keys: $0, totalFrames: totalFrames, codecs: codecs)
                }
            }
            return Voice(track: track, startFrame: start, endFrame: end, fadeEndFrame: end, ducking: ducking)
        }
    }

    /// How many sample frames are still to come.
    package var remaining: Int { totalFrames - position }

    /// The smallest gain the limiter applied so far (1 without a limiter).
    var smallestLimiterGain: Double { limiter?.smallestGain ?? 1 }

    /// The next `count` sample frames (fewer at the end), interleaved left and right.
    package func next(_ count: Int) throws -> [Float] {
        let count = min(count, remaining)
        var samples = try limiter?.next(count, from: mix) ?? mix(count)
        position += count
        if clipped { for i in samples.indices { samples[i] = min(max(samples[i], -1), 1) } }
        return samples
    }

    /// The next `count` frames of the tracks summed, at the gain; silence past the end.
    private func mix(_ count: Int) throws -> [Float] {
        var sum = [Float](repeating: 0, count: count * 2)
        let (from, to) = (mixedTo, mixedTo + count)
        for index in voices.indices {
            try add(voice: index, from: from, to: min(to, totalFrames), into: &sum)
        }
        mixedTo = to
        if gain != 1 { for i in sum.indices { sum[i] *= gain } }
        return sum
    }

    /// Adds voice `index`'s samples for frames `from..<to` into `mixed`.
    private func add(voice index: Int, from: Int, to: Int, into mixed: inout [Float]) throws {
        let (start, end) = (max(from, voices[index].startFrame), min(to, voices[index].endFrame))
        guard start < end, !voices[index].finished else { return }
        var samples: [Float] = []
        samples.reserveCapacity((end - start) * 2)
        while samples.count < (end - start) * 2 {
            let opening = voices[index].reader == nil
            if opening {
                let reader = try codecs.samples(of: voices[index].track.file)
                let offset = Int((voices[index].track.offset * Double(AudioMix.sampleRate)).rounded())
                try reader.skip(offset)
                voices[index].reader = reader
            }
            let wanted = end - start - samples.count / 2
            let got = try voices[index].reader!.read(wanted, into: &samples)
            if got < wanted {
                // The file ended: a loop starts it again, unless it had nothing to give.
                voices[index].reader = nil
                guard voices[index].track.loop, !(opening && got == 0) else {
                    voices[index].finished = true
                    break
                }
            }
        }
        let track = voices[index].track
        let rate = Double(AudioMix.sampleRate)
        let (fadeIn, fadeOut) = (track.fadeIn * rate, track.fadeOut * rate)
        for frame in 0..<samples.count / 2 {
            let n = start + frame
            var gain = track.gain
            if fadeIn > 0 { gain *= min(1, Double(n - voices[index].startFrame) / fadeIn) }
            if fadeOut > 0 { gain *= min(1, max(0, Double(voices[index].fadeEndFrame - n) / fadeOut)) }
            if let ducking = voices[index].ducking { gain *= Double(ducking.gain(at: n)) }
            if let envelope = track.envelope {
                gain *= envelope.gain(at: Double(n - voices[index].startFrame) / rate)
            }
            let target = (n - from) * 2
            mixed[target] += Float(gain) * samples[frame * 2]
            mixed[target + 1] += Float(gain) * samples[frame * 2 + 1]
        }
        if end >= voices[index].endFrame { voices[index].reader = nil }
    }
}
