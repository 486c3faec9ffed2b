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
    /// Its volume over time, on top of `gain`, if it changes.
    package var envelope: VolumeEnvelope?
    /// What other tracks' `Ducking` names it by (several may share a name: the lines of a
    /// voice-over).
    public var name: String?
    /// How it is turned down while other sounds play, if it is.
    public var duck: Ducking?

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
    /// The sample rate everything is mixed and encoded at, and the channels: files are
    /// resampled and remixed to them as they are read.
    package static let sampleRate = 48_000
    package static let channels = 2

    public var tracks: [AudioTrack]
    /// The soundtrack's title, for the video's description and captions.
    public var title: String?
    /// The loudness the mix is brought to, if any (`LoudnessNormalization`).
    public var loudness: LoudnessTarget?
    /// The gain that brings it there, when already measured (`normalized(totalFrames:codec:bitrate:)`); a
    /// mixer measures the mix itself otherwise.
    public var normalization: LoudnessNormalization?

    public init(tracks: [AudioTrack] = [], title: String? = nil) {
        (self.tracks, self.title) = (tracks, title)
    }

    public var isEmpty: Bool { tracks.isEmpty }

    /// The sounds the track at `index` ducks under — the tracks named in its `Ducking`, or every
    /// track that does not duck — without their own ducking; `nil` when it does not duck.
    func keys(of index: Int) -> AudioMix? {
        guard let ducking = tracks[index].duck else { return nil }
        let keys = tracks.indices.filter { other in
            guard other != index else { return false }
            if let names = ducking.under { return tracks[other].name.map(names.contains) ?? false }
            return tracks[other].duck == nil
        }
        return AudioMix(
            tracks: keys.map { other in
                var track = tracks[other]
                track.duck = nil
                return track
            })
    }

    /// The mix with its loudness measured over `totalFrames` sample frames and the way to bring
    /// it to `loudness` found — for `codec` at `bitrate`, when lossy (`LoudnessNormalization`),
    /// its files decoded by `codecs` — (itself, without a `loudness`), so that what reports the
    /// sound can say how loud it was and the encoder does not measure it again.
    package func normalized(
        totalFrames: Int, codec: AudioCodec? = nil, bitrate: Int = AudioCodec.defaultBitrate,
        codecs: any AudioCodecs
    )
        throws -> AudioMix
    {
        guard let loudness else { return self }
        if let normalization,
            normalization.fits(loudness, totalFrames: totalFrames, codec: codec, bitrate: bitrate)
        {
            return self
        }
        var mix = self
        (mix.loudness, mix.normalization) = (nil, nil)
        mix.normalization = try LoudnessNormalization(
            measuring: mix, to: loudness, totalFrames: totalFrames, codec: codec, bitrate: bitrate,
            codecs: codecs)
        mix.loudness = loudness
        return mix
    }
}
