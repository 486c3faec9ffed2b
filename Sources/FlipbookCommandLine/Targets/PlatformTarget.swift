import Flipbook
import Foundation

/// A platform's published limits for a video or animated image (`--target NAME`): the formats
/// it takes, its largest file, its shortest and longest video, its frame sizes, aspect ratios
/// and frame rates. Read from `targets.json` (compiled into the tool), where each target names
/// its source and when it was recorded (docs/ship.md#targets).
struct PlatformTarget: Decodable, Sendable {
    var name: String
    var title: String
    /// The formats it takes, by `OutputFormat`'s names.
    var formats: [String]
    var maxBytes: Int?
    var minSeconds: Double?
    var maxSeconds: Double?
    var minSide: Int?
    var minWidth: Int?
    var minHeight: Int?
    var maxWidth: Int?
    var maxHeight: Int?
    /// Width ÷ height.
    var minAspect: Double?
    var maxAspect: Double?
    var minFps: Double?
    var maxFps: Double?
    var maxFrames: Int?
    var source: String
    var recorded: String

    /// Every target, in the file's order.
    static let all: [PlatformTarget] = {
        struct File: Decodable { var targets: [PlatformTarget] }
        // The file is part of the tool: a test reads it, so it always decodes.
        return (try? JSONDecoder().decode(File.self, from: Data(PackageResources.targets_json)))?.targets
            ?? []
    }()

    /// The target named `name`.
    static func named(_ name: String) -> PlatformTarget? { all.first { $0.name == name } }

    /// Aspect ratios a hundredth apart are the same (1080×1920 and 720×1280 are both 9:16).
    static let aspectTolerance = 0.01

    /// Refuses, before anything is rendered, an output of `format` that the platform does not
    /// take (a usage error, 64) and a video that breaks one of its limits (exit 65), each
    /// problem a line with what would meet it. Returns the file size it must stay under.
    func check(_ export: VideoExport, format: OutputFormat) throws(CommandError) -> SizeBudget? {
        let option = "--target \(name)"
        guard formats.contains(format.rawValue) else {
            let names = formats.joined(separator: " or ")
            throw .usage(
                "\(option): \(title) takes \(names), not \(format); name the output for it or give --format")
        }
        var problems: [String] = []
        let seconds = export.sampler.durationSeconds
        let rate = export.sampler.frameRate.framesPerSecond
        let (width, height) = export.pixelSize
        let aspect = Double(width) / Double(height)
        func number(_ value: Double) -> String { JSONField.format((value * 100).rounded() / 100) }
        if let maxSeconds, seconds > maxSeconds {
            problems.append(
                "the video lasts \(number(seconds)) s, over the \(number(maxSeconds)) s allowed (--duration)")
        }
        if let minSeconds, seconds < minSeconds {
            problems.append(
                "the video lasts \(number(seconds)) s, under the \(number(minSeconds)) s required (--duration)"
            )
        }
        if let maxFps, rate > maxFps + 1e-9 {
            problems.append(
                "\(number(rate)) fps is over the \(number(maxFps)) allowed (--fps \(Int(maxFps)))")
        }
        if let minFps, rate < minFps - 1e-9 {
            problems.append(
                "\(number(rate)) fps is under the \(number(minFps)) required (--fps \(Int(minFps.rounded(.up))))"
            )
        }
        if let maxFrames, export.sampler.frameCount > maxFrames {
            let fits = Int(Double(maxFrames) / seconds)
            problems.append(
                "\(export.sampler.frameCount) frames are over the \(maxFrames) allowed (--fps \(fits) or a shorter --duration)"
            )
        }
        let shrink = min(
            1, Double(maxWidth ?? width) / Double(width), Double(maxHeight ?? height) / Double(height))
        if shrink < 1 {
            let scale = export.scale * shrink
            problems.append(
                "\(width)×\(height) is larger than the \(maxWidth.map(String.init) ?? "any")×\(maxHeight.map(String.init) ?? "any") allowed (--scale \(String(format: "%.3f", (scale * 1000).rounded(.down) / 1000)))"
            )
        }
        let (smallestWidth, smallestHeight) = (
            max(minWidth ?? 0, minSide ?? 0), max(minHeight ?? 0, minSide ?? 0)
        )
        if width < smallestWidth || height < smallestHeight {
            problems.append(
                "\(width)×\(height) is smaller than the \(smallestWidth)×\(smallestHeight) required (--scale)"
            )
        }
        if let minAspect, aspect < minAspect * (1 - Self.aspectTolerance) {
            problems.append(
                "its aspect ratio \(number(aspect)) (\(width)×\(height)) is narrower than the \(number(minAspect)) allowed (--size \(Self.size(min(width, height), aspect: minAspect)))"
            )
        }
        if let maxAspect, aspect > maxAspect * (1 + Self.aspectTolerance) {
            problems.append(
                "its aspect ratio \(number(aspect)) (\(width)×\(height)) is wider than the \(number(maxAspect)) allowed (--size \(Self.size(min(width, height), aspect: maxAspect)))"
            )
        }
        if let first = problems.first {
            throw CommandError(
                code: .invalidInput, message: "\(option): \(title): \(first)",
                hint: "Limits as \(source) published them (recorded \(recorded)).",
                details: Array(problems.dropFirst()))
        }
        return maxBytes.map { SizeBudget(bytes: $0, isCeiling: true) }
    }

    /// A canvas of `aspect` whose shorter side is `side`, in even pixels: `1080x1920` for
    /// 9:16 from 1080.
    static func size(_ side: Int, aspect: Double) -> String {
        let long = Int((Double(side) / (aspect < 1 ? aspect : 1 / aspect) / 2).rounded()) * 2
        return aspect < 1 ? "\(side)x\(long)" : "\(long)x\(side)"
    }
}
