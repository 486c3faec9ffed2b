import CFFmpeg
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
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    let stream: UnsafeMutablePointer<AVStream>
    private let mixer: AudioMixer
    private let settings: AudioSettings
    private let frameSize: Int
    /// Mixed samples not yet encoded (interleaved), and the timestamp of the next frame.
    private var queued: [Float] = []
    private var nextTimestamp: Int64 = 0

    /// Adds the sound stream to `format` (before its header is written) and opens its encoder.
    init(settings: AudioSettings, format: UnsafeMutablePointer<AVFormatContext>) throws {
        self.settings = settings
        mixer = try AudioMixer(settings.mix, totalFrames: settings.totalFrames)
        let name = settings.codec.encoder
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw MediaError(
                operation: "find the \(name) encoder", message: "this FFmpeg was built without \(name)")
        }
        guard let stream = avformat_new_stream(format, nil) else {
            throw MediaError(operation: "add a sound stream", message: "out of memory")
        }
        self.stream = stream
        context = avcodec_alloc_context3(codec)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let context, let frame, packet != nil else {
            throw MediaError(operation: "allocate an audio encoder", message: "out of memory")
        }
        context.pointee.sample_rate = Int32(AudioFileReader.sampleRate)
        context.pointee.ch_layout = cffmpeg_stereo_layout()
        context.pointee.sample_fmt = Self.sampleFormat(settings.codec)
        context.pointee.time_base = AVRational(num: 1, den: Int32(AudioFileReader.sampleRate))
        if settings.codec != .pcm { context.pointee.bit_rate = Int64(settings.bitrate) }
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try MediaError.check(avcodec_open2(context, codec, nil), "open the \(name) encoder")
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        if settings.codec == .opus { nextTimestamp = Int64(context.pointee.initial_padding) }  // see above
        try MediaError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, context), "copy the \(name) parameters")
        stream.pointee.time_base = context.pointee.time_base
        frame.pointee.format = context.pointee.sample_fmt.rawValue
        frame.pointee.ch_layout = context.pointee.ch_layout
        frame.pointee.sample_rate = context.pointee.sample_rate
        frame.pointee.nb_samples = Int32(frameSize)
        try MediaError.check(av_frame_get_buffer(frame, 0), "allocate an audio frame")
    }

    deinit {
        avcodec_free_context(&context)
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    /// The sample format each encoder takes: planar float for AAC, interleaved float for Opus,
    /// interleaved 16-bit for PCM.
    private static func sampleFormat(_ codec: AudioCodec) -> AVSampleFormat {
        switch codec {
        case .aac: AV_SAMPLE_FMT_FLTP
        case .opus: AV_SAMPLE_FMT_FLT
        case .pcm: AV_SAMPLE_FMT_S16
        }
    }

    /// Mixes and encodes the sound up to video time `numerator / denominator` seconds.
    func encode(
        through numerator: Int64, over denominator: Int64, into format: UnsafeMutablePointer<AVFormatContext>
    )
        throws
    {
        let target = min(
            Int(av_rescale(numerator, Int64(AudioFileReader.sampleRate), denominator)), settings.totalFrames)
        let wanted = target - (settings.totalFrames - mixer.remaining)
        if wanted > 0 { queued += try mixer.next(wanted) }
        while queued.count >= frameSize * 2 {
            try send(count: frameSize, into: format)
        }
    }

    /// Encodes what is left of the sound (padding the last frame if the codec needs whole
    /// frames) and drains the encoder.
    func finish(into format: UnsafeMutablePointer<AVFormatContext>) throws {
        if mixer.remaining > 0 { queued += try mixer.next(mixer.remaining) }
        while queued.count >= frameSize * 2 { try send(count: frameSize, into: format) }
        if !queued.isEmpty {
            let count = queued.count / 2
            let small =
                (context?.pointee.codec.pointee.capabilities ?? 0) & AV_CODEC_CAP_SMALL_LAST_FRAME != 0
            if !small { queued += repeatElement(0, count: (frameSize - count) * 2) }
            try send(count: small || settings.codec == .pcm ? count : frameSize, into: format)
        }
        try write(nil, into: format)
    }

    /// Encodes the first `count` queued sample frames as one frame.
    private func send(count: Int, into format: UnsafeMutablePointer<AVFormatContext>) throws {
        guard let frame else { return }
        try MediaError.check(av_frame_make_writable(frame), "make the audio frame writable")
        frame.pointee.nb_samples = Int32(count)
        let left = cffmpeg_frame_data(frame, 0)!
        switch settings.codec {
        case .aac:
            let right = cffmpeg_frame_data(frame, 1)!
            left.withMemoryRebound(to: Float.self, capacity: count) { l in
                right.withMemoryRebound(to: Float.self, capacity: count) { r in
                    for i in 0..<count {
                        l[i] = queued[2 * i]
                        r[i] = queued[2 * i + 1]
                    }
                }
            }
        case .opus:
            left.withMemoryRebound(to: Float.self, capacity: count * 2) { out in
                for i in 0..<count * 2 { out[i] = queued[i] }
            }
        case .pcm:
            left.withMemoryRebound(to: Int16.self, capacity: count * 2) { out in
                for i in 0..<count * 2 { out[i] = Int16((queued[i] * 32767).rounded()) }
            }
        }
        queued.removeFirst(count * 2)
        frame.pointee.pts = nextTimestamp
        nextTimestamp += Int64(count)
        try write(frame, into: format)
    }

    /// Sends `frame` (`nil` drains) and writes every packet the encoder has ready.
    private func write(
        _ frame: UnsafeMutablePointer<AVFrame>?, into format: UnsafeMutablePointer<AVFormatContext>
    )
        throws
    {
        guard let context, let packet else { return }
        let name = settings.codec.encoder
        try MediaError.check(avcodec_send_frame(context, frame), "send sound to \(name)")
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "encode sound with \(name)")
            av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try MediaError.check(av_interleaved_write_frame(format, packet), "write the sound")
        }
    }
}
