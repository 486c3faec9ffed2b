import Flipbook
import Foundation

/// The command-line flags that choose the output format and its codec options, applied over the
/// preset's `output` object.
enum OutputFlags {
    /// `options` with every flag given applied.
    static func apply(_ list: ArgumentList, to options: EncodingOptions) throws(CommandError)
        -> EncodingOptions
    {
        var options = options
        if let crf = try list.parsed("--crf", { Double($0) }) {
            options.crf = crf
        }
        if let bitrate = try list.parsed(
            "--bitrate", parseBitrate)
        {
            options.bitrate = bitrate
            options.crf = nil
        }
        if let preset = list.value("--preset") { options.preset = preset }
        options.keyframeInterval =
            try list.parsed(
                "--keyint",
                {
                    Int($0).flatMap { (1...10_000).contains($0) ? $0 : nil }
                })
            ?? options.keyframeInterval
        options.encoderThreads =
            try list.parsed(
                "--encoder-threads",
                { Int($0).flatMap { VideoEncoderSettings.encoderThreadRange.contains($0) ? $0 : nil } })
            ?? options.encoderThreads
        if let pixels = list.value("--pix-fmt") { options.pixelFormat = pixels }
        if let range = try list.parsed("--color-range", { ColorRange(parsing: $0) }) {
            options.colorRange = range
        }
        options.loopCount =
            try list.parsed(
                "--loop",
                {
                    Int($0).flatMap { (0...65_535).contains($0) ? $0 : nil }
                }) ?? options.loopCount
        if let dither = try list.parsed(
            "--dither", { Dither(rawValue: $0) })
        {
            options.dither = dither
        }
        if let quality = try list.parsed(
            "--quality", { Double($0).flatMap { EncodingOptions.qualityRange.contains($0) ? $0 : nil } })
        {
            options.quality = quality
        }
        if let matte = try list.parsed("--matte", { Color(parsing: $0) }) {
            options.matte = matte.premultiplied
        }
        if let codec = try list.parsed("--audio-codec", { AudioCodec(rawValue: $0) }) {
            options.audioCodec = codec
        }
        if let bitrate = try list.parsed("--audio-bitrate", parseBitrate) { options.audioBitrate = bitrate }
        options.metadata.title = list.value("--title") ?? options.metadata.title
        options.metadata.description = list.value("--description") ?? options.metadata.description
        options.metadata.comment = list.value("--comment") ?? options.metadata.comment
        if let time = list.value("--creation-time") {
            guard let date = time == "now" ? Date() : ISO8601DateFormatter().date(from: time) else {
                throw .usage("--creation-time expects now or an ISO 8601 time such as 2026-01-31T12:00:00Z")
            }
            options.metadata.creationTime = date
        }
        return options
    }

    /// `8M`, `2500k`, `800000` → bits per second, 1k … 1000M (what the encoders take);
    /// `nil` for anything else, however large.
    static func parseBitrate(_ text: String) -> Int? {
        let units: [Character: Double] = ["k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6]
        let multiplier = text.last.flatMap { units[$0] } ?? 1
        let digits = multiplier == 1 ? Substring(text) : text.dropLast()
        guard let value = Double(digits), value.isFinite else { return nil }
        let bits = (value * multiplier).rounded()
        guard (1e3...1e9).contains(bits) else { return nil }
        return Int(bits)
    }

    /// The flag that sets `setting`, for naming it in a library's error.
    static func flag(for setting: EncodingSetting) -> String? {
        switch setting {
        case .size: "--size"
        case .frameRate: "--fps"
        case .pixelFormat: "--pix-fmt"
        case .crf: "--crf"
        case .bitrate: "--bitrate"
        case .keyframeInterval: "--keyint"
        case .preset: "--preset"
        case .loopCount: "--loop"
        case .encoderThreads: "--encoder-threads"
        case .audioCodec: "--audio-codec"
        case .audioBitrate: "--audio-bitrate"
        case .matte: "--matte"
        case .quality: "--quality"
        }
    }
}
