import CFFmpeg
import Foundation

/// Reads a video file back through libavformat/libavcodec: stream facts and decoded frames.
///
/// Used to check what Flipbook wrote (tests, `flipbook probe`-style checks, benchmarks) — the
/// same way a player would see the file. Not `Sendable`; use it on one thread.
package final class VideoFileReader {
    /// Facts about the file's first video stream.
    package struct StreamInfo: Hashable, Sendable {
        package var codecName: String
        package var width: Int
        package var height: Int
        package var pixelFormat: String
        package var colorPrimaries: String
        package var colorTransfer: String
        package var colorSpace: String
        /// `"tv"` (limited) or `"pc"` (full).
        package var colorRange: String
        /// Seconds per timestamp unit: `timeBaseNumerator / timeBaseDenominator`.
        package var timeBaseNumerator: Int
        package var timeBaseDenominator: Int
        /// The container's duration in seconds.
        package var durationSeconds: Double
        /// The stream's codec tag as four characters (e.g. `avc1`).
        package var codecTag: String
        /// The stream's average frame rate as a fraction (0/0 when the container has none).
        package var frameRateNumerator: Int
        package var frameRateDenominator: Int
        /// The container's and the stream's tags (`title`, `description`, `alpha_mode`, …).
        package var metadata: [String: String]
    }

    /// One decoded picture: its planes copied out tightly packed.
    package struct Frame: Sendable {
        /// Presentation timestamp in the stream's time base.
        package var timestamp: Int64
        /// Presentation time in seconds.
        package var seconds: Double
        package var width: Int
        package var height: Int
        /// The planes (Y, U, V and A for planar YUV; one for packed RGB; indices and palette
        /// for `pal8`), each `planeWidths[i] × planeHeights[i]` bytes.
        package var planes: [[UInt8]]
        package var planeWidths: [Int]
        package var planeHeights: [Int]

        /// FNV-1a over all planes: equal pictures hash equal (like ffmpeg's `framemd5`).
        package var contentHash: UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for plane in planes {
                for byte in plane {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
            }
            return hash
        }

        /// The colour at (x, y) of a `yuv420p` BT.709 tv-range frame, converted back to sRGB
        /// components in 0…255 (not rounded or clamped, so tests can state tolerances).
        package func rgb(x: Int, y: Int) -> (red: Double, green: Double, blue: Double) {
            let luma = Double(planes[0][y * planeWidths[0] + x]) - 16
            let chromaIndex = (y / 2) * planeWidths[1] + x / 2
            let cb = Double(planes[1][chromaIndex]) - 128
            let cr = Double(planes[2][chromaIndex]) - 128
            let y = luma * 255 / 219
            let pb = cb * 255 / 224
            let pr = cr * 255 / 224
            let red = y + 1.5748 * pr
            let blue = y + 1.8556 * pb
            let green = (y - 0.2126 * red - 0.0722 * blue) / 0.7152
            return (red, green, blue)
        }
    }

    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var streamIndex: Int32 = -1
    package private(set) var info: StreamInfo

    /// Opens `path` and its first video stream, decoded by `decoder` (a libavcodec decoder name
    /// such as `libvpx-vp9`, which — unlike FFmpeg's own VP9 decoder — returns alpha) or by the
    /// codec's default decoder.
    package init(path: String, decoder decoderName: String? = nil) throws {
        FFmpegLog.install()
        info = StreamInfo(
            codecName: "", width: 0, height: 0, pixelFormat: "", colorPrimaries: "",
            colorTransfer: "", colorSpace: "", colorRange: "", timeBaseNumerator: 0, timeBaseDenominator: 1,
            durationSeconds: 0, codecTag: "", frameRateNumerator: 0, frameRateDenominator: 0, metadata: [:])
        try MediaError.check(avformat_open_input(&formatContext, path, nil, nil), "open \(path)")
        try MediaError.check(avformat_find_stream_info(formatContext, nil), "read the streams of \(path)")
        streamIndex = try MediaError.check(
            av_find_best_stream(formatContext, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0),
            "find a video stream in \(path)")
        guard let formatContext, let stream = formatContext.pointee.streams[Int(streamIndex)],
            let parameters = stream.pointee.codecpar
        else { throw MediaError(operation: "open \(path)", message: "no video stream") }
        codecContext = try DecoderContext.open(parameters, preferring: decoderName, path: path)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }

        let p = parameters.pointee
        let tag = withUnsafeBytes(of: p.codec_tag.littleEndian) { bytes in
            String(decoding: bytes.map { $0 == 0 ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
        }
        info = StreamInfo(
            codecName: String(cString: avcodec_get_name(p.codec_id)),
            width: Int(p.width), height: Int(p.height),
            pixelFormat: Self.name(av_get_pix_fmt_name(AVPixelFormat(rawValue: p.format))),
            colorPrimaries: Self.name(av_color_primaries_name(p.color_primaries)),
            colorTransfer: Self.name(av_color_transfer_name(p.color_trc)),
            colorSpace: Self.name(av_color_space_name(p.color_space)),
            colorRange: Self.name(av_color_range_name(p.color_range)),
            timeBaseNumerator: Int(stream.pointee.time_base.num),
            timeBaseDenominator: Int(stream.pointee.time_base.den),
            durationSeconds: Double(formatContext.pointee.duration) / Double(AV_TIME_BASE),
            codecTag: tag, frameRateNumerator: Int(stream.pointee.avg_frame_rate.num),
            frameRateDenominator: Int(stream.pointee.avg_frame_rate.den),
            metadata: Self.tags(formatContext.pointee.metadata).merging(Self.tags(stream.pointee.metadata)) {
                a, _ in a
            })
    }

    private static func tags(_ dictionary: OpaquePointer?) -> [String: String] {
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            tags[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        return tags
    }

    deinit {
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
        av_packet_free(&packet)
        av_frame_free(&frame)
    }

    /// Decodes every frame in presentation order and hands each to `body`.
    package func forEachFrame(_ body: (Frame) throws -> Void) throws {
        guard let formatContext, let codecContext, let packet else { return }
        while true {
            let status = av_read_frame(formatContext, packet)
            if status == cffmpeg_averror_eof() { break }
            try MediaError.check(status, "read a packet")
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try MediaError.check(avcodec_send_packet(codecContext, packet), "decode a packet")
            try drain(body)
        }
        try MediaError.check(avcodec_send_packet(codecContext, nil), "flush the decoder")
        try drain(body)
    }

    /// Every decoded frame, in order (convenient for short test clips).
    package func readAllFrames() throws -> [Frame] {
        var frames: [Frame] = []
        try forEachFrame { frames.append($0) }
        return frames
    }

    private func drain(_ body: (Frame) throws -> Void) throws {
        guard let codecContext, let frame else { return }
        while true {
            let status = avcodec_receive_frame(codecContext, frame)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "decode a frame")
            defer { av_frame_unref(frame) }
            try body(copyFrame(frame))
        }
    }

    private func copyFrame(_ frame: UnsafeMutablePointer<AVFrame>) -> Frame {
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        var planes: [[UInt8]] = []
        var widths: [Int] = []
        var heights: [Int] = []
        let descriptor = av_pix_fmt_desc_get(format)
        let chromaShiftY = Int(descriptor?.pointee.log2_chroma_h ?? 0)
        for index in 0..<Int32(4) {
            guard let data = cffmpeg_frame_data(frame, index) else { break }
            let rowBytes = Int(av_image_get_linesize(format, Int32(width), index))
            guard rowBytes > 0 else { break }
            let isChroma = index == 1 || index == 2
            let rows = isChroma ? (height + (1 << chromaShiftY) - 1) >> chromaShiftY : height
            let stride = Int(cffmpeg_frame_linesize(frame, index))
            var plane = [UInt8](repeating: 0, count: rowBytes * rows)
            plane.withUnsafeMutableBufferPointer { destination in
                for row in 0..<rows {
                    (destination.baseAddress! + row * rowBytes).update(
                        from: data + row * stride, count: rowBytes)
                }
            }
            planes.append(plane)
            widths.append(rowBytes)
            heights.append(rows)
        }
        let timestamp = frame.pointee.best_effort_timestamp
        let (num, den) = (info.timeBaseNumerator, info.timeBaseDenominator)
        return Frame(
            timestamp: timestamp, seconds: Double(timestamp) * Double(num) / Double(den),
            width: width, height: height, planes: planes, planeWidths: widths,
            planeHeights: heights)
    }

    private static func name(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "unknown"
    }
}
