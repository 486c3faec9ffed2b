import CFFmpeg
import FlipbookAudio
import Foundation

/// One of libavcodec's sound encoders, fed interleaved stereo at 48 kHz and handing out the
/// packets it makes: the codec half of `AudioStreamEncoder`, and the whole of the trial
/// encoding that `LoudnessNormalization` listens to for the peaks a lossy codec adds.
///
/// Samples are queued and encoded a codec frame at a time, timestamped in sample frames;
/// `finish` pads the last frame where the codec needs whole ones and drains
/// it. Deterministic (`AV_CODEC_FLAG_BITEXACT`). Frees its FFmpeg objects in `deinit`.
final class AudioPacketEncoder {
    let codec: AudioCodec
    private(set) var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let frameSize: Int
    /// Samples not yet encoded (interleaved), and the timestamp of the next frame.
    private var queued: [Float] = []
    private var nextTimestamp: Int64

    /// Opens `codec`'s encoder at `bitrate` (ignored by PCM), with its parameters in the
    /// codec's extradata when `globalHeader` (as MP4 and WebM want them). The first frame is
    /// stamped 0 — or, for Opus, its priming delay (see `AudioStreamEncoder`).
    init(codec: AudioCodec, bitrate: Int, globalHeader: Bool) throws {
        self.codec = codec
        let name = codec.encoder
        guard let encoder = avcodec_find_encoder_by_name(name) else {
            throw MediaError(
                operation: "find the \(name) encoder", message: "this FFmpeg was built without \(name)")
        }
        context = avcodec_alloc_context3(encoder)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let context, let frame, packet != nil else {
            throw MediaError(operation: "allocate an audio encoder", message: "out of memory")
        }
        context.pointee.sample_rate = Int32(AudioMix.sampleRate)
        context.pointee.ch_layout = cffmpeg_stereo_layout()
        context.pointee.sample_fmt = Self.sampleFormat(codec)
        context.pointee.time_base = AVRational(num: 1, den: Int32(AudioMix.sampleRate))
        if codec != .pcm { context.pointee.bit_rate = Int64(bitrate) }
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try MediaError.check(avcodec_open2(context, encoder, nil), "open the \(name) encoder")
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        nextTimestamp = codec == .opus ? Int64(context.pointee.initial_padding) : 0
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

    /// Queues `samples` and encodes every whole codec frame, handing each packet to `write`.
    func encode(_ samples: [Float], _ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        queued += samples
        while queued.count >= frameSize * 2 { try send(count: frameSize, write) }
    }

    /// Encodes what is queued (padding the last frame if the codec needs whole frames) and
    /// drains the encoder.
    func finish(_ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        while queued.count >= frameSize * 2 { try send(count: frameSize, write) }
        if !queued.isEmpty {
            let count = queued.count / 2
            let small =
                (context?.pointee.codec.pointee.capabilities ?? 0) & AV_CODEC_CAP_SMALL_LAST_FRAME != 0
            if !small { queued += repeatElement(0, count: (frameSize - count) * 2) }
            try send(count: small || codec == .pcm ? count : frameSize, write)
        }
        try receive(nil, write)
    }

    /// Encodes the first `count` queued sample frames as one frame.
    private func send(count: Int, _ write: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        guard let frame else { return }
        try MediaError.check(av_frame_make_writable(frame), "make the audio frame writable")
        frame.pointee.nb_samples = Int32(count)
        let left = cffmpeg_frame_data(frame, 0)!
        switch codec {
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
        try receive(frame, write)
    }

    /// Sends `frame` (`nil` drains) and hands every packet the encoder has ready to `write`.
    private func receive(
        _ frame: UnsafeMutablePointer<AVFrame>?, _ write: (UnsafeMutablePointer<AVPacket>) throws -> Void
    ) throws {
        guard let context, let packet else { return }
        let name = codec.encoder
        try MediaError.check(avcodec_send_frame(context, frame), "send sound to \(name)")
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "encode sound with \(name)")
            try write(packet)
            av_packet_unref(packet)
        }
    }
}
