import CFFmpeg
import Foundation

/// Writes a video file through libavcodec and libavformat, in process: H.264, HEVC or AV1 in MP4,
/// VP9 in WebM, ProRes 4444 in MOV, GIF or APNG (see `OutputFormat`) — with a sound stream
/// beside the pictures when the settings carry one (`AudioStreamEncoder`).
///
/// Every YUV stream is tagged BT.709 (primaries, transfer, matrix) and its range on the codec
/// context, on every frame and so in the file; frame `i` gets timestamp `i` in a time base of
/// 1/frame rate, so timestamps are exact for rational rates such as 30000/1001. MP4 and MOV are
/// written with `+faststart`; HEVC is tagged `hvc1` so that Apple's players accept it. Muxers and
/// encoders run bit-exact with a fixed thread count, so equal settings give equal bytes.
///
/// Ownership: every FFmpeg object is owned by this instance and freed in `deinit`, also when
/// `init` throws half-way (all stored properties start out `nil`, so `deinit` runs and frees what
/// was made). `finish()` flushes the encoder and writes the trailer; without it the file is
/// incomplete and the caller removes it. Not thread-safe and not `Sendable`: create, use and
/// drop it on one thread (the pipeline's encoder thread).
package final class VideoEncoder {
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    /// The codec side: one codec, or one per closed segment. `nil` only while `init` runs.
    private var codec: SegmentedCodec?
    /// The picture sent to the encoder: its own buffers (allocated on first use) for pictures
    /// that need converting, or a `yuv420p` frame's planes shared for the one send.
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var frameHasBuffers = false
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var converter: FrameConverter?
    /// GIF's palette pictures, made one frame ahead; `nil` for other formats.
    private var paletteStage: PaletteStage?
    private var sound: AudioStreamEncoder?
    /// The opening this file copies its first frames' packets from; `nil`: it encodes them.
    private let opening: EncodedOpening.Share?
    private var fileIsOpen = false
    private var finishing = false
    private var nextTimestamp: Int64 = 0
    package let settings: VideoEncoderSettings
    package let path: String

    /// Opens `path` for writing and prepares the encoder. The sound's packets come from
    /// `sound` — an `EncodedSound` of `settings.audio` shared with other files (the rows of a
    /// batch rendered together) — or from an encoder of its own. With an `opening` (encoded
    /// with these settings, but for the sound and the tags), the packets of its frames are
    /// copied from it instead of encoded here.
    /// - Throws: `MediaError` for invalid settings or any FFmpeg failure, with FFmpeg's message.
    package init(
        path: String, settings: VideoEncoderSettings, sound shared: EncodedSound? = nil,
        opening: EncodedOpening.Share? = nil
    ) throws {
        self.path = path
        self.settings = settings
        self.opening = opening
        nextTimestamp = settings.firstTimestamp
        FFmpegLog.install()
        try settings.validate()
        let format = settings.format
        guard let muxer = format.muxer(in: settings.container) else {
            throw MediaError(operation: "encode \(format)", message: "\(format) is not a video file format")
        }
        try MediaError.check(
            avformat_alloc_output_context2(&formatContext, nil, muxer, path),
            "choose the \(muxer) muxer for \(path)")
        guard let formatContext else {
            throw MediaError(operation: "choose the \(muxer) muxer", message: "no muxer context")
        }
        stream = avformat_new_stream(formatContext, nil)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let stream, let frame, packet != nil else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        converter = try FrameConverter(settings: settings)
        if settings.resolvedPixelFormat == "pal8" { paletteStage = PaletteStage(settings: settings) }

        let globalHeader = formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
        if let opening {
            precondition(
                settings.firstTimestamp == 0 && settings.segmentStarts.contains(Int64(opening.frames))
                    && opening.opening.encodes(settings))
            codec = try SegmentedCodec(
                settings: settings, globalHeader: globalHeader, openNow: false,
                extradata: opening.opening.extradata)
            try MediaError.check(
                avcodec_parameters_copy(stream.pointee.codecpar, opening.opening.parameters),
                "copy the encoder parameters to the \(muxer) stream")
        } else {
            let codec = try SegmentedCodec(settings: settings, globalHeader: globalHeader, openNow: true)
            self.codec = codec
            if let context = codec.current?.context {
                try MediaError.check(
                    avcodec_parameters_from_context(stream.pointee.codecpar, context),
                    "copy the encoder parameters to the \(muxer) stream")
            }
        }
        if format == .hevc, format.container(named: settings.container)?.isISOMedia == true {
            stream.pointee.codecpar.pointee.codec_tag = Self.fourCC("hvc1")
        }
        let rate = settings.frameRate
        stream.pointee.time_base = settings.codecTimeBase
        stream.pointee.avg_frame_rate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        formatContext.pointee.flags |= AVFMT_FLAG_BITEXACT
        for tag in settings.metadata.tags {
            try MediaError.check(
                av_dict_set(&formatContext.pointee.metadata, tag.key, tag.value, 0), "set the \(tag.key) tag")
        }

        if let audio = settings.audio {
            sound = try AudioStreamEncoder(settings: audio, format: formatContext, shared: shared)
        }

        resetFrame(frame)

        try MediaError.check(
            avio_open(&formatContext.pointee.pb, path, AVIO_FLAG_WRITE), "open \(path) for writing")
        fileIsOpen = true
        try FFmpegOptions.apply(CodecOptions.muxer(settings), operation: "write the \(muxer) header") {
            options in avformat_write_header(formatContext, &options)
        }
    }

    deinit {
        if let formatContext {
            if fileIsOpen { avio_closep(&formatContext.pointee.pb) }
            avformat_free_context(formatContext)
        }
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    static func fourCC(_ text: String) -> UInt32 {
        text.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Encodes the next frame; frames get consecutive timestamps from `firstTimestamp`. A frame
    /// whose packets the file copies from an opening that has them already is not looked at (the
    /// render stage hands a stand-in for it).
    package func encode(_ picture: VideoFrame) throws {
        guard let frame, let converter else { return }
        if let opening, nextTimestamp < opening.frames {
            // Copied from the opening, which encodes this picture only if no file did before.
            let packets = try opening.opening.packets(at: Int(nextTimestamp)) {
                try checkSize(of: picture)
                try prepare(picture, in: frame, converter: converter)
                return frame
            }
            resetFrame(frame)
            frameHasBuffers = false
            nextTimestamp += 1
            for stored in packets { try write(copyOf: stored) }
            return try writeSound()
        }
        try checkSize(of: picture)
        switch picture {
        case .yuv420:
            try prepare(picture, in: frame, converter: converter)
            defer { resetFrame(frame) }
            try sendPicture(frame)
        case .rgba(let pixmap):
            guard let paletteStage else {
                try prepare(picture, in: frame, converter: converter)
                return try sendPicture(frame)
            }
            try prepareOwnBuffers(frame)
            // The previous picture goes to the encoder while this one is quantized.
            let previous = paletteStage.takeResult(into: frame)
            paletteStage.submit(pixmap)
            if previous { try sendPicture(frame) }
        }
    }

    private func checkSize(of picture: VideoFrame) throws {
        guard picture.width == settings.width, picture.height == settings.height else {
            throw MediaError(
                operation: "encode a frame",
                message:
                    "frame is \(picture.width)×\(picture.height), the video \(settings.width)×\(settings.height)"
            )
        }
    }

    /// Puts `picture` on `frame` as the encoder takes it: a `yuv420p` frame's planes shared (the
    /// workers' planes are the encoder's input as they are, not copied), an RGBA one converted
    /// into the frame's own buffers.
    private func prepare(
        _ picture: VideoFrame, in frame: UnsafeMutablePointer<AVFrame>, converter: FrameConverter
    ) throws {
        switch picture {
        case .yuv420(let yuv):
            guard stream?.pointee.codecpar.pointee.format == AV_PIX_FMT_YUV420P.rawValue else {
                throw MediaError(
                    operation: "encode a frame",
                    message: "a yuv420p frame cannot go to a \(settings.resolvedPixelFormat) encoder")
            }
            if frameHasBuffers {
                resetFrame(frame)
                frameHasBuffers = false
            }
            try SharedPlanes.attach(yuv, to: frame)
        case .rgba(let pixmap):
            try prepareOwnBuffers(frame)
            try converter.fill(frame, from: pixmap)
        }
    }

    /// Gives `frame` buffers of its own, if it has none, that the encoder no longer reads.
    private func prepareOwnBuffers(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        if !frameHasBuffers {
            try MediaError.check(av_frame_get_buffer(frame, 0), "allocate a video frame")
            frameHasBuffers = true
        }
        try MediaError.check(av_frame_make_writable(frame), "make the video frame writable")
    }

    /// Sends `frame` with the next timestamp, then the sound up to its end (so packets reach the
    /// muxer in time order).
    private func sendPicture(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        guard let codec, let packet else { return }
        frame.pointee.pts = nextTimestamp
        nextTimestamp += 1
        try codec.encode(frame, through: packet, to: write)
        try writeSound()
    }

    /// The sound up to the end of the frames written so far.
    private func writeSound() throws {
        guard let sound, let formatContext else { return }
        let rate = settings.frameRate
        try sound.encode(
            through: nextTimestamp * Int64(rate.denominator), over: Int64(rate.numerator), into: formatContext
        )
    }

    /// Drops `frame`'s buffers (FFmpeg keeps its own references as long as it needs them) and
    /// describes the picture on it again: format, size and colour tags, as the stream has them.
    private func resetFrame(_ frame: UnsafeMutablePointer<AVFrame>) {
        av_frame_unref(frame)
        guard let parameters = stream?.pointee.codecpar else { return }
        frame.pointee.format = parameters.pointee.format
        frame.pointee.width = parameters.pointee.width
        frame.pointee.height = parameters.pointee.height
        frame.pointee.color_primaries = parameters.pointee.color_primaries
        frame.pointee.color_trc = parameters.pointee.color_trc
        frame.pointee.colorspace = parameters.pointee.color_space
        frame.pointee.color_range = parameters.pointee.color_range
    }

    /// Flushes the encoder, writes the index (MP4/MOV: moved to the front) and closes the file.
    package func finish() throws {
        if let paletteStage, let frame {
            try prepareOwnBuffers(frame)
            if paletteStage.takeResult(into: frame) { try sendPicture(frame) }
        }
        finishing = true
        if let packet { try codec?.finish(through: packet, to: write) }
        guard let formatContext else { return }
        try endLastGIFFrameOnTime()
        try sound?.finish(into: formatContext)
        try MediaError.check(av_write_trailer(formatContext), "finish \(path)")
        try MediaError.check(avio_closep(&formatContext.pointee.pb), "close \(path)")
        fileIsOpen = false
    }

    /// Makes a GIF's last frame last one frame interval, as the others do: FFmpeg's GIF muxer
    /// would repeat the delay before it (at 30 fps, 4 hundredths where 3 were due, so each loop
    /// played 10 ms long). Delays are the frames' times rounded to hundredths, so all of them
    /// add up to the video's length rounded.
    private func endLastGIFFrameOnTime() throws {
        guard settings.format == .gif, let formatContext, let stream else { return }
        let (codecBase, fileBase) = (settings.codecTimeBase, stream.pointee.time_base)
        let delay =
            av_rescale_q(nextTimestamp, codecBase, fileBase)
            - av_rescale_q(nextTimestamp - 1, codecBase, fileBase)
        try MediaError.check(
            av_opt_set_int(formatContext.pointee.priv_data, "final_delay", max(delay, 0), 0),
            "set the GIF's last delay")
    }

    /// Makes the last frame of the animated WebP in `packet` (the whole animation, sent when the
    /// encoder is flushed) end with the video (`WebPAnimationEnd`), in whole milliseconds as
    /// FFmpeg computes every frame's start: truncated.
    private func endLastWebPFrameOnTime(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard packet.pointee.size > 0 else { return }
        try MediaError.check(av_packet_make_writable(packet), "make the WebP packet writable")
        let base = settings.codecTimeBase
        let end = Int64(base.num) * nextTimestamp * 1000 / Int64(base.den)
        WebPAnimationEnd.endLastFrame(
            in: UnsafeMutableRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)),
            atMilliseconds: end)
    }

    /// Writes a packet the encoder made (timestamps in its time base) into the file.
    private func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let formatContext, let stream else { return }
        let base = settings.codecTimeBase
        av_packet_rescale_ts(packet, base, stream.pointee.time_base)
        if finishing, settings.format == .webp { try endLastWebPFrameOnTime(packet) }
        // Some encoders (libx264 in FFmpeg 5.1) leave durations at 0; every frame lasts one
        // frame interval.
        packet.pointee.duration = av_rescale_q(1, base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try MediaError.check(av_interleaved_write_frame(formatContext, packet), "write \(path)")
    }

    /// Writes a packet of the opening into the file, as if this file's encoder had made it.
    private func write(copyOf stored: EncodedOpening.Packet) throws {
        guard let packet else { return }
        try MediaError.check(av_packet_ref(packet, stored.packet), "copy a packet of the opening")
        try write(packet)
    }
}
