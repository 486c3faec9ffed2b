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
/// Owned and used by `VideoEncoder` on its thread; frees its FFmpeg objects in `deinit`.
final class AudioStreamEncoder {
    private let encoder: AudioPacketEncoder
    let stream: UnsafeMutablePointer<AVStream>
    private let mixer: AudioMixer
    private let settings: AudioSettings

    /// Adds the sound stream to `format` (before its header is written) and opens its encoder.
    init(settings: AudioSettings, format: UnsafeMutablePointer<AVFormatContext>) throws {
        self.settings = settings
        mixer = try AudioMixer(settings, codecs: FFmpegAudio())
        encoder = try AudioPacketEncoder(
            codec: settings.codec, bitrate: settings.bitrate,
            globalHeader: format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0)
        guard let stream = avformat_new_stream(format, nil), let context = encoder.context else {
            throw MediaError(operation: "add a sound stream", message: "out of memory")
        }
        self.stream = stream
        try MediaError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, context),
            "copy the \(settings.codec.encoder) parameters")
        stream.pointee.time_base = context.pointee.time_base
    }

    /// Mixes and encodes the sound up to video time `numerator / denominator` seconds.
    func encode(
        through numerator: Int64, over denominator: Int64, into format: UnsafeMutablePointer<AVFormatContext>
    )
        throws
    {
        let target = min(
            Int(av_rescale(numerator, Int64(AudioMix.sampleRate), denominator)), settings.totalFrames)
        let wanted = target - (settings.totalFrames - mixer.remaining)
        if wanted > 0 { try encoder.encode(try mixer.next(wanted)) { try write($0, into: format) } }
    }

    /// Encodes what is left of the sound and drains the encoder.
    func finish(into format: UnsafeMutablePointer<AVFormatContext>) throws {
        if mixer.remaining > 0 {
            try encoder.encode(try mixer.next(mixer.remaining)) { try write($0, into: format) }
        }
        try encoder.finish { try write($0, into: format) }
    }

    /// Writes `packet`, timed in the stream's time base, to the file.
    private func write(
        _ packet: UnsafeMutablePointer<AVPacket>, into format: UnsafeMutablePointer<AVFormatContext>
    )
        throws
    {
        guard let context = encoder.context else { return }
        av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try MediaError.check(av_interleaved_write_frame(format, packet), "write the sound")
    }
}
