import Dispatch

/// Repeated measurements of one quantity, summarised as median and range.
///
/// Machines here are shared and noisy: a single timing means little, so every figure is the
/// median of several rounds, interleaved with its peer's rounds (A B A B …) so that a slow
/// moment hurts both sides alike.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) {
        values.append(value)
    }

    var median: Double { quantile(0.5) }

    /// The value a fraction `q` (0…1) of the way through the sorted values, interpolating
    /// between the two nearest: `quantile(0.5)` is the median, the mean of the middle two for an
    /// even count.
    func quantile(_ q: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let position = q * Double(sorted.count - 1)
        let (lower, upper) = (Int(position.rounded(.down)), Int(position.rounded(.up)))
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// The median of each round's value over `peer`'s value in the same round: a paired
    /// comparison, so that the machine drifting between rounds (the same binary here runs twice
    /// as fast in one minute as in the next) moves both sides of each ratio alike.
    func medianRatio(over peer: Samples) -> Double {
        ratios(over: peer).median
    }

    /// Each round's value over `peer`'s value in the same round.
    func ratios(over peer: Samples) -> Samples {
        Samples(values: zip(values, peer.values).map { $0 / $1 })
    }

    /// How many values are `threshold` or more.
    func count(atLeast threshold: Double) -> Int {
        values.count { $0 >= threshold }
    }

    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
}

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
