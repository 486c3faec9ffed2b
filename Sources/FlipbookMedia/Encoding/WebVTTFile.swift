import CFFmpeg
import FlipbookTimeline
import Foundation

/// Writes captions as a WebVTT file through libavformat's `webvtt` muxer (cue times in
/// milliseconds, `HH:MM:SS.mmm`), each cue's text as WebVTT cue text (`cueText(_:)`).
package enum WebVTTFile {
    package static func write(_ captions: [Caption], to path: String) throws {
        FFmpegLog.install()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(
            avformat_alloc_output_context2(&context, nil, "webvtt", path), "choose the WebVTT muxer")
        guard let context else {
            throw MediaError(operation: "choose the WebVTT muxer", message: "no muxer context")
        }
        var isOpen = false
        defer {
            if isOpen { avio_closep(&context.pointee.pb) }
            avformat_free_context(context)
        }
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError(operation: "add a subtitle stream", message: "out of memory")
        }
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_SUBTITLE
        stream.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_WEBVTT
        stream.pointee.time_base = AVRational(num: 1, den: 1000)
        context.pointee.flags |= AVFMT_FLAG_BITEXACT
        try MediaError.check(
            avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "open \(path) for writing")
        isOpen = true
        try MediaError.check(avformat_write_header(context, nil), "write the WebVTT header")
        let packet = try FFmpegObject.packet()
        for caption in captions.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            let text = Array(cueText(caption).utf8)
            try MediaError.check(av_new_packet(packet.pointer, Int32(text.count)), "allocate a cue")
            packet.pointer.pointee.data.update(from: text, count: text.count)
            let start = Int64((caption.start * 1000).rounded())
            packet.pointer.pointee.pts = start
            packet.pointer.pointee.dts = start
            packet.pointer.pointee.duration = max(1, Int64((caption.end * 1000).rounded()) - start)
            packet.pointer.pointee.stream_index = stream.pointee.index
            // The muxer reads the cue timing from the packet: rescale to the stream's time base.
            av_packet_rescale_ts(packet.pointer, AVRational(num: 1, den: 1000), stream.pointee.time_base)
            let status = av_write_frame(context, packet.pointer)
            av_packet_unref(packet.pointer)
            try MediaError.check(status, "write a cue to \(path)")
        }
        try MediaError.check(av_write_trailer(context), "finish \(path)")
    }

    /// WebVTT's colour classes, which every player styles, by the colour they name.
    private static let colorClasses: [UInt32: String] = [
        0xFFFFFF: "white", 0x00FF00: "lime", 0x00FFFF: "cyan", 0xFF0000: "red", 0xFFFF00: "yellow",
        0xFF00FF: "magenta", 0x0000FF: "blue", 0x000000: "black",
    ]

    /// A caption as WebVTT cue text: its pieces in `<i>`, `<b>`, `<u>` and, for a colour of
    /// WebVTT's classes, `<c.yellow>` (others are left to the player), each after the timestamp
    /// of its words where that moves on within the cue (`<00:00:01.500>`: players that style
    /// the words spoken, and karaoke captions, use them); `&`, `<` and `>` written as
    /// references, so that "Tom & Jerry <3" and "-->" stay text; blank lines, which would end
    /// the cue, closed up.
    static func cueText(_ caption: Caption) -> String {
        var text = ""
        var stamped = caption.start
        for span in caption.spans {
            // WebVTT wants a cue's timestamps inside it and rising.
            if let time = span.style.time, time > stamped, time < caption.end {
                text += "<\(timestamp(time))>"
                stamped = time
            }
            var escaped = ""
            for character in span.text {
                switch character {
                case "&": escaped += "&amp;"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                default: escaped.append(character)
                }
            }
            let style = span.style
            var tags: [(open: String, close: String)] = []
            if style.italic { tags.append(("<i>", "</i>")) }
            if style.bold { tags.append(("<b>", "</b>")) }
            if style.underline { tags.append(("<u>", "</u>")) }
            if let name = style.color.flatMap({ colorClasses[$0] }) { tags.append(("<c.\(name)>", "</c>")) }
            text += tags.map(\.open).joined() + escaped + tags.reversed().map(\.close).joined()
        }
        return text.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n")
    }

    /// `HH:MM:SS.mmm` for `seconds`.
    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
        let (whole, fraction) = (milliseconds / 1000 % 60, milliseconds % 1000)
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(whole, 2)).\(padded(fraction, 3))"
    }
}
