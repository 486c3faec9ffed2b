import CFFmpeg
import Foundation

/// One opened libavcodec video encoder: a whole stream's, or one closed segment's
/// (`SegmentedCodec`). It is made from the settings alone, so two made from equal settings and
/// sent equal frames give equal packets, whichever file they are for: what lets a batch copy
/// packets from one file into another (`EncodedOpening`).
///
/// Ownership: the codec context (and a second pass's statistics, which FFmpeg leaves to its
/// user) is freed in `deinit`, also when `init` throws after allocating it. Not thread-safe:
/// one thread at a time.
final class VideoCodec {
    let context: UnsafeMutablePointer<AVCodecContext>
    /// The first pass's statistics given to libvpx or libaom for the second (`EncoderPass`).
    private var statisticsIn: UnsafeMutablePointer<CChar>?
    private let settings: VideoEncoderSettings

    /// Opens the encoder of `settings.format`; `globalHeader`: the muxer keeps the parameter
    /// sets in the file's header (MP4, MOV, WebM), not in the stream.
    /// - Throws: `MediaError` for settings the encoder refuses, with FFmpeg's message.
    init(settings: VideoEncoderSettings, globalHeader: Bool) throws {
        let format = settings.format
        guard let codec = avcodec_find_encoder_by_name(format.encoder) else {
            throw MediaError(
                operation: "find the \(format.encoder) encoder",
                message: "this FFmpeg was built without \(format.encoder) (install Debian's libavcodec59)")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError(operation: "allocate the \(format.encoder) encoder", message: "out of memory")
        }
        (self.context, self.settings) = (context, settings)
        let rate = settings.frameRate
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.pix_fmt = av_get_pix_fmt(settings.resolvedPixelFormat)
        context.pointee.time_base = settings.codecTimeBase
        context.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        context.pointee.thread_count = Int32(settings.encoderThreads)
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        // Square pixels, said explicitly (PNG's pHYs would otherwise read 0:1).
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if let bitrate = settings.bitrate { context.pointee.bit_rate = Int64(bitrate) }
        if let interval = settings.keyframeInterval { context.pointee.gop_size = Int32(interval) }
        if let pass = settings.pass { try startPass(pass) }
        if globalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        if settings.resolvedPixelFormat.hasPrefix("yuv") { tagColors(range: settings.colorRange) }
        try FFmpegOptions.apply(
            CodecOptions.encoder(settings), operation: "open the \(format.encoder) encoder"
        ) { options in avcodec_open2(context, codec, &options) }
    }

    deinit {
        context.pointee.stats_in = nil
        var context: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&context)
        free(statisticsIn)
    }

    /// The parameter sets the encoder put in the file's header (H.264's SPS and PPS, …).
    var extradata: Data {
        guard let bytes = context.pointee.extradata else { return Data() }
        return Data(bytes: bytes, count: Int(context.pointee.extradata_size))
    }

    /// Sends `frame` (`nil` flushes) and hands each packet the encoder has ready to `write`,
    /// its timestamps in the codec's time base; `write` must take or drop its contents.
    func send(
        _ frame: UnsafeMutablePointer<AVFrame>?, through packet: UnsafeMutablePointer<AVPacket>,
        to write: (UnsafeMutablePointer<AVPacket>) throws -> Void
    ) throws {
        let name = settings.format.encoder
        try MediaError.check(avcodec_send_frame(context, frame), "send a frame to \(name)")
        while true {
            let status = avcodec_receive_packet(context, packet)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "encode with \(name)")
            try write(packet)
        }
    }

    /// Keeps the statistics a first pass of libvpx or libaom gave FFmpeg when it was flushed.
    func keepStatistics() throws {
        guard case .first(let path) = settings.pass, EncoderPass.ffmpegCarriesStatistics(of: settings.format),
            let statistics = context.pointee.stats_out
        else { return }
        guard FileManager.default.createFile(atPath: path, contents: Data(String(cString: statistics).utf8))
        else {
            throw MediaError(operation: "finish the first pass", message: "cannot write its statistics")
        }
    }

    /// Sets the pass's flag and, for the second pass of an encoder whose statistics FFmpeg
    /// carries, hands it the first pass's.
    private func startPass(_ pass: EncoderPass) throws {
        context.pointee.flags |= pass.flag
        guard case .second(let path) = pass, EncoderPass.ffmpegCarriesStatistics(of: settings.format) else {
            return
        }
        guard let statistics = FileManager.default.contents(atPath: path) else {
            throw MediaError(
                operation: "start the second pass", message: "cannot read the first pass's statistics")
        }
        statisticsIn = strdup(String(decoding: statistics, as: UTF8.self))
        context.pointee.stats_in = statisticsIn
    }

    /// BT.709 primaries, transfer and matrix, and the range.
    private func tagColors(range: ColorRange) {
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = range == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    }
}

extension VideoEncoderSettings {
    /// The encoders' time base, one frame interval: frame `i` has timestamp `i`, exactly also
    /// for rational rates such as 30000/1001.
    var codecTimeBase: AVRational {
        AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
    }
}
