import Foundation

/// One sound placed in a video: a soundtrack or a cue. Times are seconds.
///
/// The file plays from `offset` seconds into it, starting `start` seconds into the video, for
/// `duration` seconds (by default to its own end — or, when it loops, the video's), at `gain`
/// (linear amplitude), fading in over `fadeIn` seconds from its start and out over `fadeOut`
/// seconds to its end. Nothing plays past the video's end.
public struct AudioTrack: Hashable, Sendable {
    public var file: String
    public var offset: Double = 0
    public var start: Double = 0
    public var duration: Double?
    public var gain: Double = 1
    public var fadeIn: Double = 0
    public var fadeOut: Double = 0
    /// Starts again from `offset` whenever the file ends.
    public var loop = false

    public init(file: String) {
        self.file = file
    }

    /// `decibels` as a linear amplitude gain (−6 dB ≈ 0.5).
    public static func gain(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }
}

/// Every sound of a video, mixed into one stereo track at 48 kHz.
public struct AudioMix: Hashable, Sendable {
    public var tracks: [AudioTrack]
    /// The soundtrack's title, for the video's description and captions.
    public var title: String?
    /// The loudness the mix is brought to, if any (`LoudnessNormalization`).
    public var loudness: LoudnessTarget?
    /// The gain that brings it there, when already measured (`normalized(totalFrames:)`); a
    /// mixer measures the mix itself otherwise.
    public var normalization: LoudnessNormalization?

    public init(tracks: [AudioTrack] = [], title: String? = nil) {
        (self.tracks, self.title) = (tracks, title)
    }

    public var isEmpty: Bool { tracks.isEmpty }

    /// The mix with its loudness measured over `totalFrames` sample frames and the gain that
    /// brings it to `loudness` found (itself, without a `loudness`), so that what reports the
    /// sound can say how loud it was and the encoder does not measure it again.
    public func normalized(totalFrames: Int) throws -> AudioMix {
        guard let loudness else { return self }
        if let normalization, normalization.totalFrames == totalFrames, normalization.target == loudness {
            return self
        }
        var mix = self
        mix.normalization = try LoudnessNormalization(measuring: self, to: loudness, totalFrames: totalFrames)
        return mix
    }
}
