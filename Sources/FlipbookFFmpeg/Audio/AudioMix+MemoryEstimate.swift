import FlipbookAudio
import FlipbookRaster
import Foundation

extension AudioMix {
    /// The bytes an open track holds while it plays: its file's demuxer and decoder (FFmpeg's
    /// probe and packet buffers, a few hundred kilobytes), its resampler, and the resampled
    /// samples it keeps ready (up to 2¹⁶ stereo floats, 512 kB, with a packet's worth beyond).
    public static let bytesPerPlayingTrack = 1 << 20
    /// The bytes a scheduled sound holds in the mix until it plays: its track and its voice.
    public static let bytesPerScheduledTrack = 1024

    /// The memory mixing the tracks holds at most, over a video of `totalFrames` sample frames,
    /// for the memory budget: the mixer streams — a track's file is opened when it starts and
    /// closed when it ends — so what counts is how many play at once (each for its `duration`,
    /// or its file's length from its `offset`, or, looping, to the video's end), beside every
    /// scheduled track's own record.
    package func memoryEstimate(totalFrames: Int) -> MemoryEstimate {
        var estimate = MemoryEstimate()
        guard !tracks.isEmpty else { return estimate }
        let end = Double(totalFrames) / Double(AudioMix.sampleRate)
        var changes: [(time: Double, change: Int)] = []
        for track in tracks where track.start < end {
            let length =
                track.duration
                ?? (track.loop
                    ? nil : AudioFileReader.durationSeconds(of: track.file).map { $0 - track.offset })
                ?? end - track.start
            changes.append((track.start, 1))
            changes.append((min(end, track.start + max(length, 0)), -1))
        }
        // Ends before starts at the same time: a sound that ends as another starts is closed first.
        changes.sort { $0.time < $1.time || ($0.time == $1.time && $0.change < $1.change) }
        var (playing, most) = (0, 0)
        for change in changes {
            playing += change.change
            most = max(most, playing)
        }
        estimate.add(
            "the sound: \(most) of its \(tracks.count) track(s) playing at once",
            bytes: most * Self.bytesPerPlayingTrack + tracks.count * Self.bytesPerScheduledTrack,
            perWorker: false)
        return estimate
    }
}
