import Flipbook
import Foundation

/// The command-line flags that choose the output format and its codec options, applied over the
/// preset's `output` object.
enum OutputFlags {
    static let valueFlags = [
        "--format", "--crf", "--bitrate", "--preset", "--keyint", "--pix-fmt", "--color-range",
        "--background",
        "--scale", "--title", "--description", "--comment", "--creation-time", "--loop", "--dither",
    ]

    /// The format `--format` names, else the one the output's file name implies.
    static func format(_ list: ArgumentList, outputPath: String) throws(CommandError) -> OutputFormat {
        if let name = list.value("--format") {
            guard let format = OutputFormat(rawValue: name) else {
                let names = OutputFormat.allCases.map(\.rawValue)
                let hint =
                    DidYouMean.closest(to: name, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw .usage(
                    "--format expects one of \(names.joined(separator: ", "))\(hint) (got \"\(name)\")")
            }
            return format
        }
        guard let format = OutputFormat(path: outputPath) else {
            throw .usage(
                "cannot tell the format from \"\(outputPath)\": use .mp4 .webm .mov .gif .apng .png .jpg, "
                    + "a name_%05d.png pattern or a folder/, or say --format")
        }
        return format
    }

    /// `options` with every flag given applied.
    static func apply(_ list: ArgumentList, to options: EncodingOptions) throws(CommandError)
        -> EncodingOptions
    {
        var options = options
        if let crf = try list.parsed("--crf", expected: "a number, e.g. 18", { Double($0) }) {
            options.crf = crf
        }
        if let bitrate = try list.parsed(
            "--bitrate", expected: "bits per second, e.g. 8M or 2500k", parseBitrate)
        {
            options.bitrate = bitrate
            options.crf = nil
        }
        if let preset = list.value("--preset") { options.preset = preset }
        options.keyframeInterval =
            try list.parsed("--keyint", expected: "frames between key frames, e.g. 60", { Int($0) })
            ?? options.keyframeInterval
        if let pixels = list.value("--pix-fmt") { options.pixelFormat = pixels }
        if let range = try list.parsed("--color-range", expected: "tv or pc", { ColorRange(parsing: $0) }) {
            options.colorRange = range
        }
        options.loopCount =
            try list.parsed("--loop", expected: "plays, 0 = forever", { Int($0) }) ?? options.loopCount
        if let dither = try list.parsed(
            "--dither", expected: Dither.allCases.map(\.rawValue).joined(separator: ", "),
            { Dither(rawValue: $0) })
        {
            options.dither = dither
        }
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

    /// `8M`, `2500k`, `800000` → bits per second.
    static func parseBitrate(_ text: String) -> Int? {
        let units: [Character: Double] = ["k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6]
        let multiplier = text.last.flatMap { units[$0] } ?? 1
        let digits = multiplier == 1 ? Substring(text) : text.dropLast()
        guard let value = Double(digits), value.isFinite, value > 0 else { return nil }
        return Int((value * multiplier).rounded())
    }

    /// The rate a GIF plays at when the preset's is faster than GIF allows: the limit itself
    /// (50 fps, two hundredths of a second per frame — frames are functions of time, so any rate
    /// samples the animation correctly).
    static func playableRate(_ rate: FrameRate, for format: OutputFormat) -> FrameRate {
        guard let maximum = format.maximumFramesPerSecond, rate.framesPerSecond > maximum else { return rate }
        return FrameRate(Int(maximum)) ?? rate
    }
}
