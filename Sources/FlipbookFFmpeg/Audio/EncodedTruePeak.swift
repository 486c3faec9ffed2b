import CFFmpeg
import FlipbookAudio
import Foundation

/// The true peak a mix has once a lossy codec has had it: the mix encoded as the video will
/// encode it and decoded again, measured by `TruePeakMeter`. AAC and Opus rebuild a waveform
/// near the original, not the original — a sharp click comes back up to about 1 dB higher — so
/// a ceiling met before encoding can be missed in the file, which is what a delivery check
/// measures. Nothing is written; it costs an encoding and a decoding of the sound alone.
enum EncodedTruePeak {
    /// dBTP of what `mixer` puts out, to its end, after `codec` at `bitrate`.
    static func measure(_ mixer: AudioMixer, codec: AudioCodec, bitrate: Int) throws -> Double {
        let encoder = try AudioPacketEncoder(codec: codec, bitrate: bitrate, globalHeader: true)
        var allocated = avcodec_parameters_alloc()
        defer { avcodec_parameters_free(&allocated) }
        guard let encoding = encoder.context, let parameters = allocated else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        try MediaError.check(
            avcodec_parameters_from_context(parameters, encoding), "copy the \(codec.encoder) parameters")
        var decoder: UnsafeMutablePointer<AVCodecContext>? = try DecoderContext.open(
            parameters, path: "the \(codec.rawValue) trial encoding")
        defer { avcodec_free_context(&decoder) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let decoder, let frame else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        var meters = [TruePeakMeter(), TruePeakMeter()]
        let decode = { (packet: UnsafeMutablePointer<AVPacket>?) throws in
            try MediaError.check(avcodec_send_packet(decoder, packet), "decode the trial encoding")
            while avcodec_receive_frame(decoder, frame) == 0 {
                try Self.measure(frame, into: &meters)
                av_frame_unref(frame)
            }
        }
        while mixer.remaining > 0 { try encoder.encode(try mixer.next(AudioMix.sampleRate), decode) }
        try encoder.finish(decode)
        try decode(nil)
        return 20 * log10(max(meters[0].peak, meters[1].peak))
    }

    /// Adds the samples of a decoded stereo `frame` (planar or interleaved float) to `meters`.
    private static func measure(_ frame: UnsafeMutablePointer<AVFrame>, into meters: inout [TruePeakMeter])
        throws
    {
        let count = Int(frame.pointee.nb_samples)
        switch AVSampleFormat(rawValue: frame.pointee.format) {
        case AV_SAMPLE_FMT_FLTP:
            for channel in 0..<2 {
                let plane = UnsafeRawPointer(cffmpeg_frame_data(frame, Int32(channel))!)
                meters[channel].add(plane.assumingMemoryBound(to: Float.self), count: count, stride: 1)
            }
        case AV_SAMPLE_FMT_FLT:
            let samples = UnsafeRawPointer(cffmpeg_frame_data(frame, 0)!).assumingMemoryBound(to: Float.self)
            for channel in 0..<2 { meters[channel].add(samples + channel, count: count, stride: 2) }
        default:
            throw MediaError(
                operation: "measure the trial encoding",
                message: "its decoder gave an unexpected sample format")
        }
    }
}
