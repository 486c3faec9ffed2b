import Foundation

/// The size a file must have: at most `bytes`, and at least `lowestShare` of them (a budget
/// far from used is quality thrown away). `--max-size 8MB`.
public struct SizeBudget: Hashable, Sendable, CustomStringConvertible {
    public var bytes: Int
    /// A ceiling (a platform's limit, `--target`): the video as asked is kept when it is no
    /// larger; one that is larger is rendered again into `fitting`, as any budget is.
    public var isCeiling = false
    /// The share of the budget a file must at least fill.
    public static let lowestShare = 0.9
    /// The budgets allowed: 10 kB to 100 GB.
    public static let range = 10_000...100_000_000_000

    public init(bytes: Int, isCeiling: Bool = false) {
        (self.bytes, self.isCeiling) = (bytes, isCeiling)
    }

    /// `8MB`, `500kB`, `2.5MiB`, `1200000` (bytes): kB, MB and GB are powers of 1000, KiB, MiB
    /// and GiB of 1024, as file sizes are written on the platforms that set the limits; case is
    /// ignored, and so is a space before the unit. The number is written in digits, with a
    /// decimal point or not (no `0x10`, no `1e5`).
    public init?(parsing text: String) {
        let units: [(String, Double)] = [
            ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824), ("kb", 1000), ("mb", 1_000_000),
            ("gb", 1_000_000_000), ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000), ("b", 1),
        ]
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let (unit, factor) = units.first { lowered.hasSuffix($0.0) } ?? ("", 1)
        let number = lowered.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
        // Digits and a decimal point only: `Double` would also read `0x10` (16) and `1e5`.
        guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value > 0
        else { return nil }
        let bytes = (value * factor).rounded(.down)
        guard bytes >= Double(Self.range.lowerBound), bytes <= Double(Self.range.upperBound) else {
            return nil
        }
        self.bytes = Int(bytes)
    }

    /// The sizes a file brought within the budget may have: `lowestShare` of it up to all of it.
    public var fitting: ClosedRange<Int> {
        Int((Double(bytes) * Self.lowestShare).rounded(.up))...bytes
    }

    /// The budget in the largest decimal unit under it: `8 MB`, `500 kB`.
    public var description: String { Self.format(bytes) }

    /// `bytes` in the largest decimal unit under it, to three significant digits (`48.2 kB`,
    /// `3.10 MB`), or in whole bytes under a kilobyte (`512 B`). Every size the tool prints is
    /// spelt so: kB, MB and GB, powers of 1000, as `--max-size` reads them.
    public static func format(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        let value = Double(bytes)
        let (amount, unit) =
            value >= 1e9
            ? (value / 1e9, "GB")
            : value >= 1e6 ? (value / 1e6, "MB") : value >= 1e3 ? (value / 1e3, "kB") : (value, "B")
        return String(format: amount >= 100 ? "%.0f" : amount >= 10 ? "%.1f" : "%.2f", amount) + " " + unit
    }
}
