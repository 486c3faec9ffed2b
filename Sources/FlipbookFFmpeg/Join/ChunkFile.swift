import CFFmpeg
import Foundation

/// One chunk of a render, as `flipbook join` finds it: its stamp, its video stream's codec
/// parameters (which must be byte-identical across chunks for a stream copy to be valid) and
/// how many frames it really holds (fewer than its range says: it was cut short).
package struct ChunkFile: Sendable {
    package var path: String
    package var stamp: ChunkStamp
    /// Codec, size, pixel format, profile, level, time base, colour tags, tag and extradata,
    /// as one comparable text.
    package var parameters: String
    /// The parameters field by field, to say which one differs.
    package var fields: [(name: String, value: String)]
    package var frames: Int
    /// How many frames the decoder holds back to put them in order: the most any packet comes
    /// later in decoding than its frame does in presentation (0 without B-frames; 2 for x264's
    /// and x265's pyramids). A chunk shorter than its encoder's look-ahead reorders less than
    /// a longer one of the same settings, so the join gives every chunk the deepest one.
    package var reorderDepth: Int
    /// The container's descriptive tags (title, description, comment), kept by the join.
    package var tags: [String: String]

    /// A chunk described by what was found of it elsewhere (a folder of PNG frames).
    package init(path: String, stamp: ChunkStamp, frames: Int, fields: [(name: String, value: String)]) {
        (self.path, self.stamp, self.frames, self.fields) = (path, stamp, frames, fields)
        reorderDepth = 0
        parameters = fields.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
        tags = [:]
    }

    /// Reads the chunk at `path` (every packet, none decoded).
    /// - Throws: `MediaError` naming the file when it is not a readable video or has no stamp.
    package init(path: String) throws {
        self.path = path
        FFmpegLog.install()
        var format: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_open_input(&format, path, nil, nil), "open \(path)")
        defer { avformat_close_input(&format) }
        guard let format else { throw MediaError(operation: "open \(path)", message: "no format context") }
        // No `avformat_find_stream_info`: MP4, MOV, WebM and Matroska headers carry the codec parameters,
        // and probing would decode frames (a second per 4K chunk).
        let index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = format.pointee.streams[Int(index)], let codec = stream.pointee.codecpar
        else {
            throw MediaError(operation: "read \(path)", message: "it has no video stream")
        }
        tags = Self.dictionary(format.pointee.metadata)
        guard let stamp = ChunkStamp(tags: tags) else {
            throw MediaError(
                operation: "read \(path)",
                message: "it is not a chunk of a render (it has no flipbook_chunk stamp)")
        }
        self.stamp = stamp
        let p = codec.pointee
        let extradata = p.extradata.map { Data(bytes: $0, count: Int(p.extradata_size)) } ?? Data()
        fields = [
            ("codec", String(cString: avcodec_get_name(p.codec_id))),
            ("size", "\(p.width)x\(p.height)"),
            (
                "pixel format",
                av_get_pix_fmt_name(AVPixelFormat(rawValue: p.format)).map { String(cString: $0) } ?? "?"
            ),
            ("profile", "\(p.profile)"), ("level", "\(p.level)"),
            ("time base", "\(stream.pointee.time_base.num)/\(stream.pointee.time_base.den)"),
            ("frame rate", "\(stream.pointee.avg_frame_rate.num)/\(stream.pointee.avg_frame_rate.den)"),
            (
                "colour tags",
                "\(p.color_primaries.rawValue) \(p.color_trc.rawValue) \(p.color_space.rawValue) \(p.color_range.rawValue)"
            ),
            ("codec tag", "\(p.codec_tag)"),
            ("extradata", extradata.base64EncodedString()),
        ]
        parameters = fields.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
        let packet = av_packet_alloc()
        defer {
            var packet = packet
            av_packet_free(&packet)
        }
        var timestamps: [Int64] = []
        while av_read_frame(format, packet) >= 0 {
            if let packet, packet.pointee.stream_index == index { timestamps.append(packet.pointee.pts) }
            av_packet_unref(packet)
        }
        frames = timestamps.count
        reorderDepth = Self.reorderDepth(timestamps)
    }

    /// The reorder depth of packets whose presentation timestamps are `timestamps`, in
    /// decoding order: the largest lead of a packet's place in decoding over its frame's place
    /// in presentation.
    static func reorderDepth(_ timestamps: [Int64]) -> Int {
        let presentationOrder = timestamps.indices.sorted { timestamps[$0] < timestamps[$1] }
        var depth = 0
        for (place, decoded) in presentationOrder.enumerated() { depth = max(depth, decoded - place) }
        return depth
    }

    static func dictionary(_ dictionary: OpaquePointer?) -> [String: String] {
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            if let key = next.pointee.key, let value = next.pointee.value {
                // Matroska writes tag names in capitals; MP4 as given.
                tags[String(cString: key).lowercased()] = String(cString: value)
            }
            entry = next
        }
        return tags
    }
}
