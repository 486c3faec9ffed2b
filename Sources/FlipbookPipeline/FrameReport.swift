/// Why a frame was drawn or reused, in the spirit of SwiftUI's `_printChanges()`:
/// `frame 42  redrawn (timeline.date changed)`, `frame 43  reused (same drawing as frame 42)`.
public struct FrameReport: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        /// Rasterized, for the given reason.
        case redrawn(reason: String)
        /// Its drawing equals that of an earlier frame, whose pixels were used.
        case reused(from: Int)
    }

    public var index: Int
    public var outcome: Outcome

    public var description: String {
        switch outcome {
        case .redrawn(let reason): return "frame \(index)  redrawn (\(reason))"
        case .reused(let source): return "frame \(index)  reused (same drawing as frame \(source))"
        }
    }

    public var wasRedrawn: Bool {
        if case .redrawn = outcome { return true }
        return false
    }
}
