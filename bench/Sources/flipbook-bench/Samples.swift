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

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
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

    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
}

/// Seconds taken by `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
