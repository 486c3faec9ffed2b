import CFFmpeg
import FlipbookCaptions
import Foundation

/// Reads timed captions — SubRip (`.srt`) or WebVTT (`.vtt`) — through libavformat's subtitle
/// demuxers: each packet of the subtitle stream is one cue's text, timed by its presentation
/// time and duration. Its markup becomes the cue's styled pieces (`CaptionMarkup`): italics,
/// bold, underlines and colours are kept, other tags (`<v Speaker>`, SubRip's `{\an8}`) dropped.
package enum CaptionFileReader {
    /// The most cues a file may hold, and the longest text of one.
    package static let maximumCues = 20_000
    package static let maximumCueLength = 2_000

    /// The cues of `path`, in file order.
    /// - Throws: `MediaError` naming what is wrong: not readable, no subtitle stream, a
    ///   format other than SubRip or WebVTT, too many or too long cues.
    package static func read(path: String) throws -> [Caption] {
        FFmpegLog.install()
        var context: UnsafeMutablePointer<AVFormatContext>?
        // Read by the subtitle demuxers only, from this file only, never as whatever else
        // libavformat's probe guesses: a playlist (HLS) named `.srt` would otherwise be followed
        // to the files it lists, which may lie anywhere, and their text burned into the video.
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", "srt,webvtt,ass,microdvd,subviewer,subviewer1", 0)
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        defer { av_dict_free(&options) }
        try MediaError.check(avformat_open_input(&context, path, nil, &options), "open \(path)")
        defer { avformat_close_input(&context) }
        guard let context else { throw MediaError(operation: "open \(path)", message: "no format context") }
        try MediaError.check(avformat_find_stream_info(context, nil), "read the streams of \(path)")
        let index = av_find_best_stream(context, AVMEDIA_TYPE_SUBTITLE, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else {
            throw MediaError(operation: "read \(path)", message: "it has no captions")
        }
        let codec = stream.pointee.codecpar.pointee.codec_id
        guard [AV_CODEC_ID_SUBRIP, AV_CODEC_ID_SRT, AV_CODEC_ID_WEBVTT, AV_CODEC_ID_TEXT].contains(codec)
        else {
            throw MediaError(
                operation: "read \(path)",
                message:
                    "its captions are \(String(cString: avcodec_get_name(codec))), not SubRip (.srt) or WebVTT (.vtt)"
            )
        }
        let timeBase = stream.pointee.time_base
        let seconds = { (value: Int64) in Double(value) * Double(timeBase.num) / Double(timeBase.den) }
        let packet = try FFmpegObject.packet()
        var captions: [Caption] = []
        while true {
            let status = av_read_frame(context, packet.pointer)
            if status == cffmpeg_averror_eof() { break }
            try MediaError.check(status, "read a cue of \(path)")
            defer { av_packet_unref(packet.pointer) }
            let cue = packet.pointer.pointee
            guard cue.stream_index == index, cue.pts != Int64.min, let data = cue.data else { continue }
            guard captions.count < maximumCues else {
                throw MediaError(operation: "read \(path)", message: "it has more than \(maximumCues) cues")
            }
            let spans = CaptionMarkup.spans(
                String(decoding: UnsafeBufferPointer(start: data, count: Int(cue.size)), as: UTF8.self))
            guard spans.reduce(0, { $0 + $1.text.count }) <= maximumCueLength else {
                throw MediaError(
                    operation: "read \(path)",
                    message:
                        "the cue at \(String(format: "%.3f", seconds(cue.pts))) s is longer than \(maximumCueLength) characters"
                )
            }
            let start = seconds(cue.pts)
            captions.append(Caption(start: start, end: start + seconds(max(cue.duration, 0)), spans: spans))
        }
        return captions
    }
}
