/// A frame rate as an exact rational number of frames per second, e.g. `FrameRate(30000, 1001)`
/// for NTSC's 29.97 fps.
///
/// Stored in lowest terms so that equal rates compare equal. Frame times are computed from the
/// rational (`seconds(ofFrame:)`), never by adding a rounded interval, so frame 100 000 of a
/// 30000/1001 video lands exactly where it should.
public struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    /// Frames, per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// The largest numerator or denominator accepted: enough for any real rate, small enough
    /// that `index × denominator` cannot overflow for any frame count we allow.
    public static let maximumTerm = 1_000_000

    /// `numerator / denominator` frames per second; `nil` unless both are in
    /// 1…`maximumTerm`.
    public init?(_ numerator: Int, _ denominator: Int = 1) {
        guard (1...Self.maximumTerm).contains(numerator),
            (1...Self.maximumTerm).contains(denominator)
        else { return nil }
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Parses `"60"`, `"30000/1001"` or an exact decimal such as `"29.97"` (read as 2997/100).
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(n, d)
        } else if parts.count == 1, let whole = Int(text) {
            self.init(whole, 1)
        } else {
            let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
            guard pieces.count == 2, pieces[1].count <= 6,
                let whole = Int(pieces[0]), let fraction = Int(pieces[1]),
                pieces[0].allSatisfy(\.isNumber), pieces[1].allSatisfy(\.isNumber)
            else { return nil }
            var scale = 1
            for _ in 0..<pieces[1].count { scale *= 10 }
            self.init(whole * scale + fraction, scale)
        }
    }

    /// Frames per second as a floating-point number (for display and arithmetic on times).
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The exact start time of frame `index`, in seconds: `index × denominator / numerator`.
    public func seconds(ofFrame index: Int) -> Double {
        Double(index * denominator) / Double(numerator)
    }

    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
