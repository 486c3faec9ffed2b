import CFFmpeg
import FlipbookTimeline
import Foundation

/// Reads timed captions — SubRip (`.srt`) or WebVTT (`.vtt`) — through libavformat's subtitle
/// demuxers: each packet of the subtitle stream is one cue's text, timed by its presentation
/// time and duration. Markup is dropped (`<i>`, `<c.yellow>`, `<v Speaker>`, SubRip's
/// `{\an8}`), as the text is drawn in the layer's own style.
public enum CaptionFileReader {
    /// The most cues a file may hold, and the longest text of one.
    public static let maximumCues = 20_000
    public static let maximumCueLength = 2_000

    /// The cues of `path`, in file order.
    /// - Throws: `MediaError` naming what is wrong: not readable, no subtitle stream, a
    ///   format other than SubRip or WebVTT, too many or too long cues.
    public static func read(path: String) throws -> [Caption] {
        FFmpegLog.install()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_open_input(&context, path, nil, nil), "open \(path)")
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
            let text = plainText(
                String(decoding: UnsafeBufferPointer(start: data, count: Int(cue.size)), as: UTF8.self))
            guard text.count <= maximumCueLength else {
                throw MediaError(
                    operation: "read \(path)",
                    message:
                        "the cue at \(String(format: "%.3f", seconds(cue.pts))) s is longer than \(maximumCueLength) characters"
                )
            }
            let start = seconds(cue.pts)
            captions.append(Caption(start: start, end: start + seconds(max(cue.duration, 0)), text: text))
        }
        return captions
    }

    /// `text` without markup — tags in angle brackets, SubRip's `{\…}` overrides — and its
    /// character references written out (`charactersReferenced`); lines kept, ends trimmed.
    static func plainText(_ text: String) -> String {
        let characters = Array(text)
        var plain = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let opensOverride =
                character == "{" && index + 1 < characters.count && characters[index + 1] == "\\"
            if character == "<" || opensOverride,
                let end = characters[index...].firstIndex(of: character == "<" ? ">" : "}")
            {
                index = end + 1
                continue
            }
            plain.append(character)
            index += 1
        }
        return charactersReferenced(in: plain).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The characters WebVTT's and HTML's common named references stand for.
    private static let namedReferences: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]

    /// `text` with each character reference — `&amp;`, `&lrm;`, `&#233;`, `&#x1F600;` — replaced
    /// by its character, in one pass (so `&amp;lt;` is the text `&lt;`). A reference to no
    /// character (an unknown name, a surrogate, past U+10FFFF) stays as written.
    static func charactersReferenced(in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let name = rest.dropFirst().prefix { $0 != ";" && $0 != "&" && !$0.isWhitespace }
            guard name.count <= 10, name.endIndex < rest.endIndex, rest[name.endIndex] == ";",
                let character = referencedCharacter(name)
            else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            result.append(character)
            rest = rest[rest.index(after: name.endIndex)...]
        }
        return result + rest
    }

    /// The character of a reference's name (`amp`, `#233`, `#x1F600`), or nil.
    private static func referencedCharacter(_ name: Substring) -> Character? {
        guard name.first == "#" else { return namedReferences[name] }
        let number = name.dropFirst()
        let value =
            number.first == "x" || number.first == "X"
            ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}
