import Foundation

/// When a layer shows, in its parent's time (seconds): from `start`, for `duration` (to the
/// parent's end when `nil`), its own clock running from 0 at `start` — wrapped every `loop`
/// seconds when it loops.
public struct LayerTiming: Hashable, Sendable {
    public var start: Double = 0
    public var duration: Double?
    /// The period of a looping layer: its clock restarts every `loop` seconds.
    public var loop: Double?

    public init(start: Double = 0, duration: Double? = nil, loop: Double? = nil) {
        (self.start, self.duration, self.loop) = (start, duration, loop)
    }

    /// The end in the parent's time, when the layer has one.
    public var end: Double? { duration.map { start + $0 } }

    /// The layer's own time at parent time `time`, or `nil` outside its window (from `start`
    /// inclusive to `end` exclusive — to the frame).
    public func localTime(at time: Double) -> Double? {
        let local = time - start
        guard local >= -Self.tolerance else { return nil }
        if let duration, local >= duration - Self.tolerance { return nil }
        let clamped = max(local, 0)
        guard let loop, loop > 0 else { return clamped }
        return clamped.truncatingRemainder(dividingBy: loop)
    }

    /// The layer's own time nearest to parent time `time` at which it shows: its first instant
    /// before its start, its last one after its end (its first, for a layer lasting 0 s). Where
    /// `flipbook inspect` places a layer that does not show at the time asked for.
    func nearestLocalTime(to time: Double) -> Double {
        var local = max(time - start, 0)
        if let duration { local = min(local, max(duration - 2 * Self.tolerance, 0)) }
        guard let loop, loop > 0 else { return local }
        return local.truncatingRemainder(dividingBy: loop)
    }

    /// Frame times are exact rationals turned into seconds; a window edge written in frames
    /// (`"24f"`) lands on the same double within this margin.
    static let tolerance = 1e-9
}
