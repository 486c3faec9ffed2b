import Foundation

/// How loud a video's sound should be: an integrated loudness to reach, and a true-peak level
/// not to pass on the way — `-14` LUFS and `-1` dBTP are what the large streaming services
/// play at, `-23` and `-1` EBU R 128 broadcast.
public struct LoudnessTarget: Hashable, Sendable {
    /// LUFS, −70…−5.
    public var integrated: Double
    /// dBTP, −9…0.
    public var truePeak: Double

    public static let integratedRange = -70.0...(-5.0)
    public static let truePeakRange = -9.0...0.0
    public static let defaultTruePeak = -1.0

    public init(integrated: Double, truePeak: Double = defaultTruePeak) {
        (self.integrated, self.truePeak) = (integrated, truePeak)
    }
}

/// The one gain that brings a mix to its `LoudnessTarget`, from a measurement of the whole mix
/// as it would otherwise be written (unclipped): the target less the measured loudness, or
/// less where that would lift the true peak above the target's — the gain is never more than
/// the peak allows, so the sound is never clipped or squashed to get there. It is linear (the
/// same at every instant), like `ffmpeg`'s `loudnorm` in its linear mode: the mix keeps its
/// dynamics, and a quiet verse stays quieter than the chorus.
public struct LoudnessNormalization: Hashable, Sendable {
    public var target: LoudnessTarget
    /// The mix before the gain.
    public var measured: LoudnessMeasurement
    /// Decibels; 0 when the mix could not be measured.
    public var gain: Double
    /// The mix's length in 48 kHz sample frames: what was measured.
    public var totalFrames: Int

    /// Measures `mix` without its own `loudness` (its files decoded and mixed once, as the
    /// encoder will) over `totalFrames` sample frames and finds the gain to `target`.
    public init(measuring mix: AudioMix, to target: LoudnessTarget, totalFrames: Int) throws {
        var unscaled = mix
        (unscaled.loudness, unscaled.normalization) = (nil, nil)
        let mixer = try AudioMixer(unscaled, totalFrames: totalFrames, clipped: false)
        let meter = LoudnessMeter()
        while mixer.remaining > 0 { meter.add(try mixer.next(AudioFileReader.sampleRate)) }
        self.init(target: target, measured: meter.measurement)
        self.totalFrames = totalFrames
    }

    /// The gain for `measured`, found as described above.
    public init(target: LoudnessTarget, measured: LoudnessMeasurement) {
        (self.target, self.measured, totalFrames) = (target, measured, 0)
        guard let integrated = measured.integrated else {
            gain = 0
            return
        }
        gain = min(target.integrated - integrated, target.truePeak - measured.truePeak)
    }

    /// The loudness the mix has after the gain.
    public var reached: Double? { measured.integrated.map { $0 + gain } }

    /// Why the target is not reached, for a warning; `nil` when it is (to a tenth of a LU).
    public var shortfall: String? {
        guard let reached else {
            return "the sound is too quiet or too short to measure its loudness "
                + "(no 0.4 s louder than -70 LUFS); it is left as it is"
        }
        guard target.integrated - reached > 0.05 else { return nil }
        return "the sound reaches \(Self.format(reached)) LUFS, not \(Self.format(target.integrated)): "
            + "more gain would lift its peaks above \(Self.format(target.truePeak)) dBTP"
    }

    /// A level to one decimal, as meters show it.
    public static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// `gain` as a factor of amplitude.
    var factor: Float { Float(AudioTrack.gain(decibels: gain)) }
}
