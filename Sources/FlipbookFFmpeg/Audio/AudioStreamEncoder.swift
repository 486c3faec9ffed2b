import CFFmpeg
import FlipbookAudio
import Foundation

/// The sound stream of a video file being written: mixes (`AudioMixer`), encodes and hands
/// packets to the muxer, interleaved with the pictures — the video encoder asks for the sound
/// up to each frame's end as it writes the frame, so packets reach the file in time order.
///
/// Timestamps count sample frames from 0 in a 1/48000 time base. The encoder's priming delay
/// (AAC: 1024 samples, Opus: 312) is passed to the muxer as the stream's initial padding, which
/// MP4 and MOV write as an edit list and WebM as its codec delay: players skip it, so the first
/// sample plays at t = 0. Opus frames are stamped from the delay on, so its first packet is at
/// 0, not before: a negative first timestamp would make the WebM muxer shift every stream, the
/// pictures 6.5 ms late. The stream holds exactly `totalFrames` sample frames (its last
/// packet padded to a whole codec frame where the codec needs one).
///
/// The packets come from an `EncodedSound`: its own, or one the rows of a batch rendered
/// together share, which mixes and encodes the sound once for all of their files.
///
/// Owned and used by `VideoEncoder` on its thread.
final class AudioStreamEncoder {
    let stream: UnsafeMutablePointer<AVStream>
    private let sound: EncodedSound
    /// The next step to ask `sound` for: one per video frame, then the last.
    private var step = 0

    /// Adds the sound stream to `format` (before its header is written), its packets from
    /// `shared`, or from an encoder of its own for `settings`' sound.
    init(settings: AudioSettings, format: UnsafeMutablePointer<AVFormatContext>, shared: EncodedSound? = nil)
        throws
    {
        sound =
            try shared
            ?? EncodedSound(
                settings: settings, globalHeader: Self.wantsGlobalHeader(format), readers: 1)
        guard let stream = avformat_new_stream(format, nil) else {
            throw MediaError(operation: "add a sound stream", message: "out of memory")
        }
        self.stream = stream
        try sound.describe(stream)
    }

    /// Whether `format`'s container wants codec parameters in a global header.
    static func wantsGlobalHeader(_ format: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
    }

    /// Writes the sound up to video time `numerator / denominator` seconds.
    func encode(
        through numerator: Int64, over denominator: Int64, into format: UnsafeMutablePointer<AVFormatContext>
    )
        throws
    {
        let target = Int(av_rescale(numerator, Int64(AudioMix.sampleRate), denominator))
        try write(try sound.packets(step: step, through: target), into: format)
    }

    /// Writes what is left of the sound and the encoder's drain.
    func finish(into format: UnsafeMutablePointer<AVFormatContext>) throws {
        try write(try sound.packets(step: step, through: nil), into: format)
    }

    /// Writes one step's `packets`, timed in the encoder's time base, to the file (which takes
    /// them over), and moves on to the next step.
    private func write(
        _ packets: [UnsafeMutablePointer<AVPacket>], into format: UnsafeMutablePointer<AVFormatContext>
    ) throws {
        step += 1
        let timeBase = sound.timeBase
        var failure: (any Error)?
        for var packet in packets as [UnsafeMutablePointer<AVPacket>?] {
            defer { av_packet_free(&packet) }
            guard failure == nil, let packet else { continue }
            av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            do {
                try MediaError.check(av_interleaved_write_frame(format, packet), "write the sound")
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }
}
