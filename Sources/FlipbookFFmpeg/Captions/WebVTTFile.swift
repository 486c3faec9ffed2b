import CFFmpeg
import FlipbookCaptions
import Foundation

/// Writes captions as a WebVTT file through libavformat's `webvtt` muxer (cue times in
/// milliseconds, `HH:MM:SS.mmm`), each cue's text as WebVTT cue text (`Caption.webVTTCueText`).
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
            let text = Array(caption.webVTTCueText.utf8)
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
}
