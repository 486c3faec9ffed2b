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

    public init(tracks: [AudioTrack] = [], title: String? = nil) {
        (self.tracks, self.title) = (tracks, title)
    }

    public var isEmpty: Bool { tracks.isEmpty }
}
