import CFFmpeg
import FlipbookRaster
import Foundation

/// A video file's pictures by time, for a composition's video layer: the frame showing at a
/// time, decoded on demand and shared by every render worker.
///
/// Frames render concurrently and out of order, each a pure function of its time, so the clip
/// is read as a list of presentation times (scanned from the packets when it opens) and a
/// frame is the one whose time is the latest at or before the time asked. A request a little
/// ahead of the last decoded frame decodes on; one behind it, or far ahead, seeks to the key
/// frame before it and decodes from there — so the picture for a time is the same whatever
/// order workers ask in. The last few pictures are kept, since the workers' frames are close
/// together. One decoder, under a lock; each picture is converted to premultiplied RGBA once.
package final class VideoClip: @unchecked Sendable {
    package let path: String
    /// The picture's size as shown: turned upright when the file says so (a phone's portrait
    /// video is stored on its side, with a display matrix).
    package let width: Int
    package let height: Int
    /// Degrees the decoded pictures are turned clockwise: 0, 90, 180 or 270.
    package let rotation: Int
    /// Whether the file has a sound stream too (a video layer plays it).
    package let hasSound: Bool
    /// From the first frame's time to the last frame's end, in seconds.
    package let duration: Double

    /// Presentation timestamps of every frame, ascending, in the stream's time base.
    private let timestamps: [Int64]
    private let timeBase: Double
    private let lock = NSLock()
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    /// The timestamp of the last frame the decoder produced (`nil` before the first or after a
    /// seek), to know whether a request lies ahead of it.
    private var decodedUpTo: Int64?
    /// Whether the decoder was told the file ended: it gives no more frames until a seek.
    private var drained = false
    /// Recently decoded pictures by timestamp, oldest first.
    private var recent: [(timestamp: Int64, image: RasterImage)] = []
    /// How many pictures `recent` holds: the frames a few workers draw at once, and some —
    /// up to eight, and at most `keptBytes` of them (three at 4K).
    private let keptPictures: Int
    static let keptBytes = 128 << 20
    /// The memory the clip holds while a render shows it, for the memory budget: its kept
    /// pictures (premultiplied RGBA) and the decoder's frames — an H.264 decoder keeps up to
    /// sixteen reference pictures in `yuv420p` (1.5 bytes a pixel), and a few in decoding.
    package var residentBytes: Int {
        keptPictures * width * height * 4 + Self.decoderPictures * width * height * 3 / 2
    }

    /// The pictures a decoder holds at most: sixteen references and four being decoded.
    static let decoderPictures = 20

    /// A request at most this many frames ahead of the decoder decodes on instead of seeking.
    static let decodeAhead = 48
    /// The most frames of a clip that are shown (two hours at 60 fps; a longer clip ends
    /// there), and the largest picture.
    package static let maximumFrames = 432_000
    package static let maximumPixels = 4096 * 4096

    /// Opens the first video stream of `path` and reads its frame times; decodes its first
    /// frame, so that a file that cannot be played fails here.
    /// - Throws: `MediaError` naming what is wrong (no video stream, no decoder, no frames).
    package init(path: String) throws {
        self.path = path
        FFmpegLog.install()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_open_input(&context, path, nil, nil), "open \(path)")
        formatContext = context
        guard let context else { throw MediaError(operation: "open \(path)", message: "no format context") }
        try MediaError.check(avformat_find_stream_info(context, nil), "read the streams of \(path)")
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)],
            let parameters = stream.pointee.codecpar
        else {
            throw MediaError(operation: "open \(path)", message: "it has no video stream")
        }
        streamIndex = index
        hasSound = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
        rotation = Int(cffmpeg_stream_rotation(stream))
        let (stored, rows) = (Int(parameters.pointee.width), Int(parameters.pointee.height))
        (width, height) = rotation % 180 == 0 ? (stored, rows) : (rows, stored)
        guard width > 0, height > 0, width * height <= Self.maximumPixels else {
            throw MediaError(
                operation: "open \(path)",
                message: "a \(width)×\(height) picture is larger than a video layer takes")
        }
        keptPictures = min(8, max(2, Self.keptBytes / (width * height * 4)))
        timeBase = av_q2d(stream.pointee.time_base)
        // Every frame's time, from the packets (no decoding): B-frames come out of order.
        var times: [Int64] = []
        var durations: [Int64] = []
        let scan = av_packet_alloc()
        defer {
            var scanned = scan
            av_packet_free(&scanned)
        }
        while let scan, av_read_frame(context, scan) >= 0 {
            defer { av_packet_unref(scan) }
            guard scan.pointee.stream_index == index else { continue }
            let time = scan.pointee.pts != cffmpeg_nopts_value() ? scan.pointee.pts : scan.pointee.dts
            guard times.count < Self.maximumFrames else { break }
            guard time != cffmpeg_nopts_value() else { continue }
            times.append(time)
            durations.append(max(scan.pointee.duration, 0))
        }
        let order = times.indices.sorted { times[$0] < times[$1] }
        timestamps = order.map { times[$0] }
        guard let first = timestamps.first, let last = timestamps.last, let lastIndex = order.last else {
            throw MediaError(operation: "read \(path)", message: "its video stream has no frames")
        }
        let lastDuration =
            durations[lastIndex] > 0
            ? durations[lastIndex] : timestamps.count > 1 ? last - timestamps[timestamps.count - 2] : 1
        duration = Double(last - first + lastDuration) * timeBase
        // FFmpeg's own VP9 decoder drops a WebM's alpha; libvpx's keeps it.
        let alphaMode = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map {
            String(cString: $0.pointee.value)
        }
        let vp9Alpha = parameters.pointee.codec_id == AV_CODEC_ID_VP9 && alphaMode == "1"
        codecContext = try DecoderContext.open(
            parameters, preferring: vp9Alpha ? "libvpx-vp9" : nil, path: path)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        _ = try lock.withLock { try picture(timestamp: first) }
    }

    /// `pixmap` turned `degrees` (0, 90, 180 or 270) clockwise.
    static func turned(_ pixmap: Pixmap, clockwise degrees: Int) -> Pixmap {
        guard degrees != 0 else { return pixmap }
        let (width, height) = (pixmap.width, pixmap.height)
        var turned =
            degrees == 180 ? Pixmap(width: width, height: height) : Pixmap(width: height, height: width)
        for y in 0..<height {
            for x in 0..<width {
                switch degrees {
                case 90: turned[height - 1 - y, x] = pixmap[x, y]
                case 180: turned[width - 1 - x, height - 1 - y] = pixmap[x, y]
                default: turned[y, width - 1 - x] = pixmap[x, y]
                }
            }
        }
        return turned
    }

    deinit {
        avcodec_free_context(&codecContext)
        avformat_close_input(&formatContext)
        av_packet_free(&packet)
        av_frame_free(&frame)
    }

    /// The picture showing `seconds` after the clip's first frame: the first before it, the last
    /// from the last frame's time on; `nil` only if the file stops decoding (it changed or broke
    /// since it was opened).
    package func image(at seconds: Double) -> RasterImage? {
        guard let first = timestamps.first, seconds.isFinite else { return nil }
        // In ticks of the stream's time base, with a hair more: 0.7 s is 7167.99… ticks of
        // 1/10240 s in binary arithmetic, and must still reach the frame at tick 7168.
        let ticks = min(max(seconds, 0), duration) / timeBase
        let wanted = first + Int64((ticks + 1e-6).rounded(.down))
        return lock.withLock { try? picture(timestamp: timestamps[index(atOrBefore: wanted)]) }
    }

    /// The index of the latest frame time at or before `timestamp` (0 before the first).
    private func index(atOrBefore timestamp: Int64) -> Int {
        var (low, high) = (0, timestamps.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if timestamps[middle] <= timestamp { low = middle } else { high = middle }
        }
        return low
    }

    /// The picture of the frame at `timestamp` (one of `timestamps`), from `recent` or decoded.
    private func picture(timestamp: Int64) throws -> RasterImage {
        if let kept = recent.first(where: { $0.timestamp == timestamp }) { return kept.image }
        guard let formatContext, let codecContext, let packet, let frame else {
            throw MediaError(operation: "decode \(path)", message: "the decoder is closed")
        }
        let ahead = decodedUpTo.map { decoded in
            decoded < timestamp
                && index(atOrBefore: timestamp) - index(atOrBefore: decoded) <= Self.decodeAhead
        }
        if ahead != true || drained {
            try MediaError.check(
                av_seek_frame(formatContext, streamIndex, timestamp, AVSEEK_FLAG_BACKWARD), "seek in \(path)")
            avcodec_flush_buffers(codecContext)
            (decodedUpTo, drained) = (nil, false)
        }
        while true {
            let status = avcodec_receive_frame(codecContext, frame)
            if status == 0 {
                defer { av_frame_unref(frame) }
                let time = frame.pointee.best_effort_timestamp
                decodedUpTo = time
                guard time >= timestamp else { continue }
                let decoded = try RGBAConversion.pixmap(from: frame, name: path, asVideo: true)
                let image = RasterImage(Self.turned(decoded, clockwise: rotation))
                recent.append((time, image))
                if recent.count > keptPictures { recent.removeFirst() }
                return image
            }
            guard status == cffmpeg_averror_eagain(), !drained else {
                throw MediaError(
                    operation: "decode \(path)", message: "the frame at \(timestamp) did not decode")
            }
            let read = av_read_frame(formatContext, packet)
            if read < 0 {
                // The end: the decoder's last frames.
                drained = true
                try MediaError.check(avcodec_send_packet(codecContext, nil), "flush the decoder")
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try MediaError.check(avcodec_send_packet(codecContext, packet), "decode \(path)")
        }
    }
}
