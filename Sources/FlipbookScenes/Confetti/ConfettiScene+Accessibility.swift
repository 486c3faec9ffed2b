import FlipbookCanvas
import FlipbookCaptions

extension ConfettiScene {
    public var accessibilityLabel: String? {
        let bursts = configuration.bursts.count
        return "Confetti: \(bursts == 1 ? "a burst" : "\(bursts) bursts") of \(configuration.count) "
            + "coloured paper pieces that fly up, tumble and fall."
    }

    /// One caption per burst, from its time until its pieces have fallen (or the next burst).
    public func captions(duration: Double) -> [Caption] {
        let bursts = configuration.bursts.sorted { $0.time < $1.time }.filter { $0.time < duration }
        return bursts.enumerated().map { index, burst in
            let next = index + 1 < bursts.count ? bursts[index + 1].time : duration
            let end = min(next, burst.time + configuration.lifetime, duration)
            let place = burst.position.map { "at (\(Int($0.x)), \(Int($0.y)))" } ?? "from the centre"
            return Caption(
                start: burst.time, end: max(end, burst.time + 0.001),
                text: "\(configuration.count) confetti pieces burst \(place) and flutter down.")
        }
    }
}
