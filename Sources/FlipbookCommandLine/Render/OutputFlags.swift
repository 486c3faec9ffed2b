import Flipbook
import Foundation

/// The command-line flags that choose the output format and its codec options, applied over the
/// preset's `output` object.
enum OutputFlags {
    /// `options` with every flag given applied.
    static func apply(_ list: ArgumentList, to options: EncodingOptions) -> EncodingOptions {
        var options = options
        if let crf = list[\.crf] { options.crf = crf }
        if let bitrate = list[\.bitrate] {
            options.bitrate = bitrate
            options.crf = nil
        }
        options.preset = list[\.preset] ?? options.preset
        options.keyframeInterval = list[\.keyint] ?? options.keyframeInterval
        options.encoderThreads = list[\.encoderThreads] ?? options.encoderThreads
        options.pixelFormat = list[\.pixFmt] ?? options.pixelFormat
        options.colorRange = list[\.colorRange] ?? options.colorRange
        options.loopCount = list[\.loop] ?? options.loopCount
        options.dither = list[\.dither] ?? options.dither
        options.quality = list[\.quality] ?? options.quality
        if let matte = list[\.matte] { options.matte = matte.premultiplied }
        options.audioCodec = list[\.audioCodec] ?? options.audioCodec
        options.audioBitrate = list[\.audioBitrate] ?? options.audioBitrate
        options.metadata.title = list[\.title] ?? options.metadata.title
        options.metadata.description = list[\.description] ?? options.metadata.description
        options.metadata.comment = list[\.comment] ?? options.metadata.comment
        options.metadata.creationTime = list[\.creationTime] ?? options.metadata.creationTime
        return options
    }
}
