import FlipbookJSON

/// A Lottie layer's keys as they are read: the file is decoded once they all are, as the
/// segment's frames and markers are the file's.
struct LottieDraft: Sendable {
    /// Frames played: `[in, out]` of the file's frames, or a marker's (`cm`) span.
    enum Segment: Sendable {
        case frames(Double, Double)
        case marker(String)
    }

    /// A value a template puts into the file, by the name it replaces: its text with the
    /// composition's variables filled in, and where it was written.
    struct Replacement: Sendable {
        var name: String
        var text: String
        var field: JSONField
        /// The variables its text names (`{placeholder}`).
        var variables: Set<String> = []
    }

    var file: JSONField?
    /// The animation of a `.lottie` file to play (its manifest's id).
    var animation: String?
    var fit = ImageLayer.Fit.contain
    var segment: Segment?
    var speed = 1.0
    var loops = false
    var texts: [Replacement] = []
    var colors: [Replacement] = []
    var images: [Replacement] = []
}
