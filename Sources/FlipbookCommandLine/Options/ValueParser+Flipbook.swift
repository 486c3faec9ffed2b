import Flipbook
import FlipbookChecks
import Foundation

// The values of Flipbook's own options: frame rates, sizes, scales, bitrates, colours, times and
// chunks, each parsed (and range-checked) here once.

extension ValueParser where Value == FrameRate {
    /// `60`, `29.97` (read as 2997/100) or `30000/1001`. The fastest rate (`RenderLimits`) and a
    /// format's own (`OutputFormat.maximumFramesPerSecond`) are checked with the other settings,
    /// where a `--limit` can raise the first.
    static var frameRate: ValueParser {
        ValueParser(expected: "a frame rate such as 60 or 30000/1001") { FrameRate(parsing: $0) }
    }
}

extension ValueParser where Value == Double {
    /// Seconds, more than 0.
    static var positiveSeconds: ValueParser {
        ValueParser(expected: "seconds, a positive number", describe: JSONField.format) { text in
            Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
    }

    /// The range of `--scale`, pixels per point.
    static var scaleRange: ClosedRange<Double> { 0.05...8 }

    /// Pixels per point: a number such as `0.5`, or a fraction such as `2/3` (1920×1080 drawn at
    /// 1280×720), within `scaleRange`.
    static var scale: ValueParser {
        let (lower, upper) = (
            JSONField.format(scaleRange.lowerBound), JSONField.format(scaleRange.upperBound)
        )
        return ValueParser(
            expected: "pixels per point, from \(lower) to \(upper), e.g. 0.5 or 2/3",
            range: "\(lower)…\(upper)",
            describe: JSONField.format
        ) { text in
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let numerator = Double(parts[0]) else { return nil }
            let denominator = parts.count == 2 ? Double(parts[1]) : 1
            guard let denominator, denominator > 0 else { return nil }
            let scale = numerator / denominator
            return scale.isFinite && scaleRange.contains(scale) ? scale : nil
        }
    }
}

extension ValueParser where Value == (width: Int, height: Int) {
    /// `1920x1080`: sides within `Preset.sizeRange`, as in presets.
    static var size: ValueParser {
        let sides = "\(Preset.sizeRange.lowerBound)…\(Preset.sizeRange.upperBound)"
        return ValueParser(expected: "WIDTHxHEIGHT such as 1280x720, each side \(sides)", range: sides) {
            text in
            let parts = text.lowercased().split(separator: "x")
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                Preset.sizeRange.contains(width), Preset.sizeRange.contains(height)
            else { return nil }
            return (width, height)
        }
    }
}

extension ValueParser where Value == Int {
    /// Bits per second within `range`: `8M`, `2500k` or `800000`.
    static func bitrate(_ range: ClosedRange<Int>, example: String? = nil) -> ValueParser {
        let (lower, upper) = (shortBitrate(range.lowerBound), shortBitrate(range.upperBound))
        return ValueParser(
            expected: rangeWords("bits per second", from: lower, to: upper, example: example),
            range: "\(lower)…\(upper)", describe: shortBitrate
        ) { text in
            let units: [Character: Double] = ["k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6]
            let multiplier = text.last.flatMap { units[$0] } ?? 1
            let digits = multiplier == 1 ? Substring(text) : text.dropLast()
            guard let value = Double(digits), value.isFinite else { return nil }
            let bits = (value * multiplier).rounded()
            // Compared as a double: a value far beyond Int's range is refused, not trapped on.
            guard bits >= Double(range.lowerBound), bits <= Double(range.upperBound) else { return nil }
            return Int(bits)
        }
    }

    /// `8000000` → `8M`, `2500000` → `2500k`: bits per second as the options are written.
    private static func shortBitrate(_ bits: Int) -> String {
        bits % 1_000_000 == 0 ? "\(bits / 1_000_000)M" : bits % 1000 == 0 ? "\(bits / 1000)k" : "\(bits)"
    }
}

extension ValueParser where Value == Color {
    /// A colour: a name (`clear`, `white`) or `#RRGGBB[AA]`, described as `expected`.
    static func color(_ expected: String) -> ValueParser {
        ValueParser(expected: expected) { Color(parsing: $0) }
    }
}

extension ValueParser where Value == Date {
    /// `now` (when the command line is read) or an ISO 8601 time.
    static var time: ValueParser {
        ValueParser(
            expected: "now or an ISO 8601 time such as 2026-01-31T12:00:00Z", completion: .words(["now"])
        ) { text in
            text == "now" ? Date() : ISO8601DateFormatter().date(from: text)
        }
    }
}

extension ValueParser where Value == (index: Int, count: Int) {
    /// `I/N`: chunk I (from 0) of N.
    static var chunk: ValueParser {
        ValueParser(expected: "I/N with 0 ≤ I < N, e.g. 0/4") { text in
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
                (0..<count).contains(index)
            else { return nil }
            return (index, count)
        }
    }
}

extension ValueParser where Value == Range<Int> {
    /// `A..B` or `A..<B`: frames A up to, not including, B; A < B.
    static var frames: ValueParser {
        ValueParser(expected: "A..B (frames A up to, not including, B), e.g. 0..90") { text in
            let separator = text.contains("..<") ? "..<" : ".."
            let parts = text.components(separatedBy: separator)
            guard parts.count == 2, let lower = Int(parts[0]), let upper = Int(parts[1]), lower >= 0,
                lower < upper
            else { return nil }
            return lower..<upper
        }
    }
}

extension ValueParser where Value == MemoryBudget {
    /// A memory size: `2GB`, `512MB`, `1.5GiB` or bytes, at least 1 MB (`MemoryBudget`).
    static var memoryBudget: ValueParser {
        ValueParser(expected: "a size from 1MB, such as 2GB, 512MB or 1.5GiB") { MemoryBudget(parsing: $0) }
    }
}

extension ValueParser where Value == TimeExpression {
    /// A moment of the video as a preset writes one (`TimeExpression`): seconds (`1.5`, `1.5s`),
    /// milliseconds (`500ms`), frames at the preset's frame rate (`36f`), or a marker of the
    /// composition, alone or plus or minus one of those (`drop+0.5`); resolved once the preset is
    /// read.
    static var moment: ValueParser {
        ValueParser(
            expected:
                "a time: seconds (1.5 or 1.5s), milliseconds (500ms), frames (36f), a marker (drop) or a marker plus or minus one of those (drop+0.5)",
            describe: describe, parse: { TimeExpression(parsing: $0) })
    }

    /// A time as help writes a default: `0`, `36f`, `drop+0.5`.
    private static func describe(_ time: TimeExpression) -> String {
        let amount =
            switch time.amount {
            case .seconds(let seconds): JSONField.format(seconds)
            case .frames(let frames): "\(frames)f"
            }
        guard let marker = time.marker else { return amount }
        return marker + (amount.hasPrefix("-") ? amount : "+" + amount)
    }
}

extension ValueParser where Value == LoudnessStandard {
    /// A named loudness standard (`ebu-r128`, `atsc-a85`) or a platform's target in LUFS
    /// (`-14`), within the loudness a mix can be brought to.
    static var loudnessStandard: ValueParser {
        let names = LoudnessStandard.named.map(\.name)
        let parse: @Sendable (String) -> LoudnessStandard? = { text in
            if let standard = LoudnessStandard.named.first(where: { $0.name == text }) { return standard }
            return Double(text).flatMap { LoudnessTarget.integratedRange.contains($0) ? .target($0) : nil }
        }
        return ValueParser(
            expected: "one of \(names.joined(separator: ", ")), or LUFS from −70 to −5 such as -14",
            completion: .words(names), describe: { $0.name }, parse: parse)
    }
}

extension ValueParser where Value == SizeBudget {
    /// `8MB`, `500kB`, `2.5MiB` or bytes, 10 kB to 100 GB.
    static var sizeBudget: ValueParser {
        ValueParser(
            expected: "a file size from 10kB to 100GB such as 8MB, 500kB or 2.5MiB",
            describe: { $0.description },
            parse: { SizeBudget(parsing: $0) })
    }
}

extension ValueParser where Value == PlatformTarget {
    /// A target's name in `targets.json`.
    static var platformTarget: ValueParser {
        var parser = choice(PlatformTarget.all.map(\.name)) { PlatformTarget.named($0) }
        parser.describe = { $0.name }
        return parser
    }
}
