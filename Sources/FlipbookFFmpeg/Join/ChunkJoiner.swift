import CFFmpeg
import FlipbookAudio
import Foundation

/// Joins the chunks of a render into one file by copying their packets — nothing is decoded or
/// encoded again, so the pictures are exactly the chunks' — after checking that they belong
/// together: one preset and settings (the stamp's content hash), identical codec parameters,
/// every frame of the video in exactly one complete chunk. The chunks' presentation timestamps
/// are already the whole video's (`--chunk`), so they are kept; their decoding timestamps are
/// laid anew over the whole video (see `copyPackets`). The sound, if any, is mixed and encoded
/// here, once, over the whole length — a chunk boundary cannot click.
package enum ChunkJoiner {
    /// Why a set of chunks cannot be joined, naming the file at fault.
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// `chunks` in the order of their frames, after every check.
    /// - Throws: `Refusal` for a missing, duplicated, overlapping or truncated chunk, or chunks
    ///   of different presets, settings or codec parameters.
    package static func ordered(_ chunks: [ChunkFile]) throws(Refusal) -> [ChunkFile] {
        guard let first = chunks.first else { throw Refusal(message: "no chunks to join") }
        for chunk in chunks {
            guard chunk.frames == chunk.stamp.range.count else {
                throw Refusal(
                    message:
                        "\(chunk.path) is truncated: it holds \(chunk.frames) of the \(chunk.stamp.range.count) frames of its range \(chunk.stamp)"
                )
            }
            if let difference = chunk.stamp.difference(from: first.stamp) {
                throw Refusal(
                    message: "\(chunk.path) is not a chunk of the same video as \(first.path): \(difference)")
            }
            if let difference = zip(chunk.fields, first.fields).first(where: { $0.0.value != $0.1.value }) {
                throw Refusal(
                    message:
                        "\(chunk.path) differs from \(first.path) in its \(difference.0.name) (\(difference.0.value.prefix(40)) vs \(difference.1.value.prefix(40))): its packets cannot be copied into one stream"
                )
            }
        }
        let sorted = chunks.sorted { $0.stamp.range.lowerBound < $1.stamp.range.lowerBound }
        var covered = 0
        var previous: ChunkFile?
        for chunk in sorted {
            let range = chunk.stamp.range
            if let previous, range == previous.stamp.range {
                throw Refusal(
                    message:
                        "\(previous.path) and \(chunk.path) hold the same frames \(range.lowerBound)..\(range.upperBound)"
                )
            }
            if range.lowerBound < covered, let previous {
                throw Refusal(
                    message:
                        "\(chunk.path) (frames \(range.lowerBound)..\(range.upperBound)) overlaps \(previous.path) (frames \(previous.stamp.range.lowerBound)..\(previous.stamp.range.upperBound))"
                )
            }
            if range.lowerBound > covered {
                throw Refusal(
                    message: "frames \(covered)..\(range.lowerBound) are missing: no chunk holds them")
            }
            covered = range.upperBound
            previous = chunk
        }
        guard covered == first.stamp.totalFrames else {
            throw Refusal(
                message: "frames \(covered)..\(first.stamp.totalFrames) are missing: no chunk holds them")
        }
        return sorted
    }

    /// Copies the packets of `chunks` (in order, checked) into a new `format` file in
    /// `container` (the format's own when `nil`) at `path`, with `audio` mixed and encoded beside
    /// them; MP4 and MOV get `+faststart`.
    package static func join(
        _ chunks: [ChunkFile], format: OutputFormat, container: Container? = nil, audio: AudioSettings?,
        to path: String
    )
        throws
    {
        guard let muxer = format.muxer(in: container) else {
            throw MediaError(operation: "join chunks", message: "\(format) is not a video file format")
        }
        var output: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(
            avformat_alloc_output_context2(&output, nil, muxer, path), "choose the \(muxer) muxer")
        guard let output else { throw MediaError(operation: "join chunks", message: "no muxer context") }
        var fileIsOpen = false
        defer {
            if fileIsOpen { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        output.pointee.flags |= AVFMT_FLAG_BITEXACT
        var sound: AudioStreamEncoder?
        var stream: UnsafeMutablePointer<AVStream>?
        let reorderDepth = chunks.map(\.reorderDepth).max() ?? 0
        for (number, chunk) in chunks.enumerated() {
            var input: UnsafeMutablePointer<AVFormatContext>?
            try MediaError.check(avformat_open_input(&input, chunk.path, nil, nil), "open \(chunk.path)")
            defer { avformat_close_input(&input) }
            guard let input else { continue }
            let index = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard index >= 0, let source = input.pointee.streams[Int(index)] else {
                throw MediaError(operation: "read \(chunk.path)", message: "it has no video stream")
            }
            if number == 0 {
                guard let created = avformat_new_stream(output, nil) else {
                    throw MediaError(operation: "join chunks", message: "out of memory")
                }
                stream = created
                try MediaError.check(
                    avcodec_parameters_copy(created.pointee.codecpar, source.pointee.codecpar),
                    "copy the stream")
                if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER == 0 {
                    created.pointee.codecpar.pointee.codec_tag = source.pointee.codecpar.pointee.codec_tag
                }
                created.pointee.time_base = source.pointee.time_base
                created.pointee.avg_frame_rate = source.pointee.avg_frame_rate
                // Square pixels, as the chunks say (their codec parameters or their stream).
                var aspect = source.pointee.codecpar.pointee.sample_aspect_ratio
                if aspect.num == 0 { aspect = source.pointee.sample_aspect_ratio }
                if aspect.num == 0 { aspect = AVRational(num: 1, den: 1) }
                created.pointee.sample_aspect_ratio = aspect
                created.pointee.codecpar.pointee.sample_aspect_ratio = aspect
                for (key, value) in chunk.tags where ["title", "description", "comment"].contains(key) {
                    av_dict_set(&output.pointee.metadata, key, value, 0)
                }
                if let audio { sound = try AudioStreamEncoder(settings: audio, format: output) }
                try MediaError.check(
                    avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE), "open \(path) for writing")
                fileIsOpen = true
                var options: OpaquePointer?
                defer { av_dict_free(&options) }
                if format.container(named: container)?.isISOMedia == true {
                    av_dict_set(&options, "movflags", "+faststart", 0)
                }
                try MediaError.check(avformat_write_header(output, &options), "write the \(muxer) header")
            }
            guard let stream else { continue }
            // The frame's exact place: frame L of the chunk's range at L frame intervals. MP4
            // edit lists store a chunk's start in milliseconds, so its timestamps may come back
            // a few ticks off; they are put back where the frame index says.
            let rate = source.pointee.avg_frame_rate
            try copyPackets(
                from: input, index: index,
                timing: Timing(
                    timeBase: source.pointee.time_base,
                    frameDuration: AVRational(num: rate.den, den: rate.num),
                    firstFrame: Int64(chunk.stamp.range.lowerBound), reorderDepth: Int64(reorderDepth)),
                to: output, stream: stream, sound: sound)
        }
        try sound?.finish(into: output)
        try MediaError.check(av_write_trailer(output), "finish \(path)")
        try MediaError.check(avio_closep(&output.pointee.pb), "close \(path)")
        fileIsOpen = false
    }

    /// Where a chunk's packets go in the joined stream.
    private struct Timing {
        /// The time base of the chunk's timestamps.
        var timeBase: AVRational
        var frameDuration: AVRational
        /// The whole video's index of the chunk's first frame, which is also the place of the
        /// chunk's first packet in the joined stream's decoding order.
        var firstFrame: Int64
        /// The joined stream's reorder depth in frames: the deepest of its chunks'.
        var reorderDepth: Int64

        /// The timestamp of `frames` frame intervals from the video's start.
        func timestamp(frames: Int64) -> Int64 {
            av_rescale_q(frames, frameDuration, timeBase)
        }
    }

    /// Copies every video packet of `input` into `stream` with its presentation timestamp
    /// shifted so that the first (a key frame: the chunk's first frame) falls where the frame's
    /// index says, and the sound up to each packet's end, so the file stays interleaved.
    ///
    /// The decoding timestamps are not the chunk's: each chunk's encoder delayed them by the
    /// reordering it did, and a chunk of two frames reorders none while the next reorders two,
    /// so copied they would run backwards at the boundary. The packet in place `p` of the joined
    /// stream's decoding order decodes at frame `p − D` instead, `D` the deepest reorder of any
    /// chunk: strictly increasing, and never after its own presentation, since no packet of a
    /// closed GOP comes more than its chunk's depth before its frame.
    ///
    ///     chunk                  A  A | B  B  B  B  B …
    ///     frames, decoding order 0  1 | 2  6  4  3  5 …
    ///     dts in frames (D = 2) -2 -1 | 0  1  2  3  4 …
    private static func copyPackets(
        from input: UnsafeMutablePointer<AVFormatContext>, index: Int32, timing: Timing,
        to output: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>,
        sound: AudioStreamEncoder?
    ) throws {
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let packet else { throw MediaError(operation: "join chunks", message: "out of memory") }
        let timeBase = timing.timeBase
        let firstTimestamp = timing.timestamp(frames: timing.firstFrame)
        var heard: Int64 = 0
        var shift: Int64?
        var place = timing.firstFrame
        while av_read_frame(input, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            let offset = shift ?? firstTimestamp - packet.pointee.pts
            shift = offset
            packet.pointee.pts += offset
            packet.pointee.dts = timing.timestamp(frames: place - timing.reorderDepth)
            place += 1
            let end = packet.pointee.pts + max(packet.pointee.duration, 0)
            av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            packet.pointee.pos = -1
            try MediaError.check(av_interleaved_write_frame(output, packet), "write the joined video")
            if let sound, end > heard {
                heard = end
                try sound.encode(
                    through: end * Int64(timeBase.num), over: Int64(timeBase.den), into: output)
            }
        }
    }
}
