/// Why a frame was drawn or reused, in the spirit of SwiftUI's `_printChanges()`:
/// `frame 42  redrawn (timeline.date changed)`, `frame 43  reused (same drawing as frame 42)`.
public struct FrameReport: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        /// Rasterized, for the given reason.
        case redrawn(reason: String)
        /// Its drawing equals that of an earlier frame, whose pixels were used.
        case reused(from: Int)
        /// Not drawn: its packets were copied from the opening a batch's rows share, encoded
        /// once for all of them.
        case copied
    }

    /// A named layer of a redrawn frame: composited from an earlier frame's pixels, or drawn.
    public struct LayerReport: Hashable, Sendable {
        public var name: String
        public var reused: Bool
        /// Why a redrawn layer was drawn: the model properties it read that changed, or the
        /// frame's reason.
        public var reason: String?

        public init(name: String, reused: Bool, reason: String? = nil) {
            self.name = name
            self.reused = reused
            self.reason = reason
        }
    }

    public var index: Int
    public var outcome: Outcome
    /// The frame's named layers (`drawLayer(named:)`), when it was redrawn.
    public var layers: [LayerReport] = []

    /// The report of frame `index`: how it came about, and its named layers when redrawn.
    package init(index: Int, outcome: Outcome, layers: [LayerReport] = []) {
        (self.index, self.outcome, self.layers) = (index, outcome, layers)
    }

    public var description: String {
        switch outcome {
        case .redrawn(let reason):
            let layerText = layers.map { layer in
                "\(layer.name): " + (layer.reused ? "reused" : "redrawn (\(layer.reason ?? reason))")
            }
            return (["frame \(index)  redrawn (\(reason))"] + layerText).joined(separator: "  ")
        case .reused(let source):
            return "frame \(index)  reused (same drawing as frame \(source))"
        case .copied:
            return "frame \(index)  copied (encoded once for the batch's rows)"
        }
    }

    public var wasRedrawn: Bool {
        if case .redrawn = outcome { return true }
        return false
    }
}
