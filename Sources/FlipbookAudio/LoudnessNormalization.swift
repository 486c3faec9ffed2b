import Foundation

/// How loud a video's sound should be: an integrated loudness to reach, and a true-peak level
/// not to pass on the way — `-14` LUFS and `-1` dBTP are what the large streaming services
/// play at, `-23` and `-1` EBU R 128 broadcast.
public struct LoudnessTarget: Hashable, Sendable {
    /// LUFS, −70…−5.
    public var integrated: Double
    /// dBTP, −9…0.
    public var truePeak: Double
    /// Whether peaks that the gain would lift above `truePeak` are limited (`TruePeakLimiter`),
    /// so that the target is reached; without, the gain stops where the peaks allow.
    public var limits: Bool

    public static let integratedRange = -70.0...(-5.0)
    public static let truePeakRange = -9.0...0.0
    public static let defaultTruePeak = -1.0

    public init(integrated: Double, truePeak: Double = defaultTruePeak, limits: Bool = true) {
        (self.integrated, self.truePeak, self.limits) = (integrated, truePeak, limits)
    }
}

/// How a mix is brought to its `LoudnessTarget`, found by measuring the whole mix as it would
/// otherwise be written (unclipped).
///
/// First by one gain: the target less the measured loudness. Where that would lift the true
/// peak above the target's, the peaks are limited (`TruePeakLimiter`): the gain is then found
/// again by measuring the limited mix — limiting takes some loudness off — until it is
/// within 0.05 LU of the target (four tries at most). Without `limits`, the gain stops where
/// the peaks allow instead, like `ffmpeg`'s `loudnorm` in its linear mode: nothing but the level
/// changes, and the target may be missed.
public struct LoudnessNormalization: Hashable, Sendable {
    public var target: LoudnessTarget
    /// The mix before the gain.
    package var measured: LoudnessMeasurement
    /// Decibels; 0 when the mix could not be measured.
    public var gain: Double
    /// The largest reduction the limiter makes, in decibels (negative); `nil` when the mix is
    /// not limited.
    public var limiting: Double?
    /// The loudness the mix has after the gain and limiting; `nil` when it could not be measured.
    public var reached: Double?
    /// The mix's length in 48 kHz sample frames: what was measured.
    public var totalFrames: Int
    /// The lossy codec and bitrate the mix is for, if any.
    public var codec: AudioCodec?
    public var bitrate: Int
    /// The true peak, dBTP, of the mix as that codec gives it back (`AudioCodecs`), when it
    /// was tried.
    public var encodedTruePeak: Double?
    /// The ceiling the gain and the limiter keep to, dBTP: the target's, less what the codec adds.
    public var ceiling: Double

    /// Measures `mix` without its own `loudness` (its files decoded and mixed, as the encoder
    /// will, once — and up to four more times if its peaks need limiting) over `totalFrames`
    /// sample frames and finds how to bring it to `target`. With a lossy `codec`, a result whose
    /// peaks come within `codecMargin` of the ceiling is then encoded at `bitrate` and decoded
    /// to find the peaks the codec adds; where they pass the ceiling, it is found again for a
    /// ceiling that much lower (at most twice). `codecs` decodes the files, and encodes and
    /// decodes the trials.
    package init(
        measuring mix: AudioMix, to target: LoudnessTarget, totalFrames: Int, codec: AudioCodec? = nil,
        bitrate: Int = AudioCodec.defaultBitrate, codecs: any AudioCodecs
    ) throws {
        (self.target, self.totalFrames, self.bitrate) = (target, totalFrames, bitrate)
        self.codec = codec == .pcm ? nil : codec
        (gain, limiting, reached, encodedTruePeak, ceiling) = (0, nil, nil, nil, target.truePeak)
        measured = try Self.measure(mix, totalFrames: totalFrames, gain: 0, ceiling: nil, codecs: codecs)
            .measurement
        guard measured.integrated != nil else { return }
        try solve(mix, codecs: codecs)
        // AAC and Opus add about 1 dB at most: a mix whose peaks stay further below the
        // ceiling is not worth an encoding.
        let peak = limiting == nil ? measured.truePeak + gain : ceiling
        guard let lossy = self.codec, peak > target.truePeak - Self.codecMargin else { return }
        for trial in 1...Self.codecTrials {
            let mixer = try AudioMixer(
                mix, totalFrames: totalFrames, gain: factor, ceiling: limiterAmplitude, clipped: true,
                codecs: codecs)
            let peak = try codecs.encodedTruePeak(of: mixer, codec: lossy, bitrate: bitrate)
            encodedTruePeak = peak
            let over = peak - target.truePeak
            guard over > 0.05, trial < Self.codecTrials else { break }
            ceiling -= over + 0.05
            try solve(mix, codecs: codecs)
        }
    }

    /// How many times a mix is tried through its codec at most.
    static let codecTrials = 3
    /// Decibels under the ceiling below which a mix's peaks are not tried through its codec.
    static let codecMargin = 2.0

    /// `ceiling` as an amplitude.
    private var limiterCeiling: Double { AudioTrack.gain(decibels: ceiling) }

    /// Finds `gain`, `limiting` and `reached` for the measured mix and `ceiling`.
    private mutating func solve(_ mix: AudioMix, codecs: any AudioCodecs) throws {
        guard let integrated = measured.integrated else { return }
        (gain, limiting) = (target.integrated - integrated, nil)
        guard measured.truePeak + gain > ceiling else {
            reached = integrated + gain
            return
        }
        guard target.limits else {
            gain = ceiling - measured.truePeak
            reached = integrated + gain
            return
        }
        // Limiting takes loudness off, the more the louder the peaks are against the rest: the
        // loudness rises slower than the gain. Each next gain is where the line through the
        // last two tries (the first: the gain itself, at a slope of 1) meets the target. When
        // none comes within 0.05 LU — gating can make the loudness jump as quiet parts cross
        // the gate — the try that came closest is kept.
        var (slope, previous) = (1.0, (gain: gain, loudness: integrated + gain))
        var closest: (gain: Double, reached: Double?, limiting: Double?, miss: Double)?
        for attempt in 1...Self.limitedTries {
            let result = try Self.measure(
                mix, totalFrames: totalFrames, gain: gain, ceiling: limiterCeiling, codecs: codecs)
            (reached, limiting) = (result.measurement.integrated, 20 * log10(result.smallestGain))
            let miss = reached.map { abs(target.integrated - $0) } ?? .infinity
            if miss < closest?.miss ?? .infinity { closest = (gain, reached, limiting, miss) }
            guard let loudness = reached, miss > 0.05, attempt < Self.limitedTries else { break }
            if attempt > 1, gain != previous.gain {
                slope = min(max((loudness - previous.loudness) / (gain - previous.gain), 0.05), 1)
            }
            previous = (gain, loudness)
            gain += (target.integrated - loudness) / slope
        }
        if let closest { (gain, reached, limiting) = (closest.gain, closest.reached, closest.limiting) }
    }

    /// How many times a limited mix is measured at most, looking for its gain.
    static let limitedTries = 4

    /// The loudness and true peak of `mix` at `gain` decibels, limited to `ceiling` if given,
    /// and the smallest gain the limiter applied.
    private static func measure(
        _ mix: AudioMix, totalFrames: Int, gain: Double, ceiling: Double?, codecs: any AudioCodecs
    ) throws -> (measurement: LoudnessMeasurement, smallestGain: Double) {
        let mixer = try AudioMixer(
            mix, totalFrames: totalFrames, gain: Float(AudioTrack.gain(decibels: gain)), ceiling: ceiling,
            clipped: false, codecs: codecs)
        // Limited, the peak is the limiter's ceiling: only the first pass needs it measured.
        let meter = LoudnessMeter(measuresPeak: ceiling == nil)
        while mixer.remaining > 0 { meter.add(try mixer.next(AudioMix.sampleRate)) }
        return (meter.measurement, mixer.smallestLimiterGain)
    }

    /// Why the target is not reached, for a warning; `nil` when it is (to a tenth of a LU).
    public var shortfall: String? {
        guard let reached else {
            return "the sound is too quiet or too short to measure its loudness "
                + "(no 0.4 s louder than -70 LUFS); it is left as it is"
        }
        guard abs(target.integrated - reached) > 0.05 else { return nil }
        let missed = "the sound reaches \(Self.format(reached)) LUFS, not \(Self.format(target.integrated))"
        let ceiling = "\(Self.format(target.truePeak)) dBTP" + (codec.map { " (after \($0.rawValue))" } ?? "")
        guard limiting == nil else {
            return missed + ", the closest its gain came with its peaks limited to \(ceiling)"
        }
        return missed + ": more gain would lift its peaks above \(ceiling)"
    }

    /// Decibels of peak reduction past which the limiter cuts deep enough to warn of: a short
    /// sound — a pop, a drum hit — that much quieter than it was against the rest has lost its
    /// punch. (Mastering limiters take 3 to 6 dB; the launch preset's pops at −14 LUFS take 7.)
    public static let deepLimiting = 10.0

    /// A warning that the limiter takes more than `deepLimiting` off the loudest peaks; `nil`
    /// when it does not.
    public var deepCut: String? {
        guard let limiting, -limiting > Self.deepLimiting else { return nil }
        return
            "the limiter takes up to \(Self.format(-limiting)) dB off the loudest peaks to bring the sound to "
            + "\(Self.format(target.integrated)) LUFS under \(Self.format(target.truePeak)) dBTP: short sounds "
            + "lose their punch; a lower loudness, or quieter cues, keep it"
    }

    /// What to warn of: the target missed (`shortfall`), the limiter cutting deep (`deepCut`).
    public var warnings: [String] {
        [shortfall, deepCut].compactMap { $0 }
    }

    /// A level to one decimal, as meters show it.
    public static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// `gain` as a factor of amplitude.
    var factor: Float { Float(AudioTrack.gain(decibels: gain)) }

    /// The limiter's ceiling as an amplitude, when the mix is limited.
    var limiterAmplitude: Double? { limiting.map { _ in limiterCeiling } }

    /// Whether this is how to bring a mix to `target` over `totalFrames` frames for `codec` at
    /// `bitrate`.
    func fits(_ target: LoudnessTarget, totalFrames: Int, codec: AudioCodec?, bitrate: Int) -> Bool {
        self.target == target && self.totalFrames == totalFrames
            && self.codec == (codec == .pcm ? nil : codec)
            && (self.codec == nil || self.bitrate == bitrate)
    }
}
