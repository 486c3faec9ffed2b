import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A text layer's text (`ty: 5`): its documents by frame (`t.d.k`, each held until the next),
/// set in a font of the file's `fonts` list.
struct LottieText: Sendable {
    /// One text document (a keyframe's `s`): what it says and how it is set.
    struct Document: Sendable {
        /// The text, lines broken by `\r` (as After Effects writes them) or `\n`.
        var text: String
        /// The font's family and style (`fonts.list` by `f`, the document's font name).
        var family: String
        var style: String
        /// Points (`s`).
        var size: Double
        /// `j`: 0 left, 1 right, 2 centre (3…6, justified lines, are set left, centre or right).
        var justification: Int
        /// Thousandths of an em between characters (`tr`).
        var tracking: Double
        /// Points from baseline to baseline (`lh`).
        var lineHeight: Double
        var fill: Color?
        var stroke: Color?
        var strokeWidth: Double
        /// A paragraph box (`sz`, at `ps`, its top-left corner): lines wrap to its width.
        var box: CGRect?
    }

    /// Documents in frame order (never empty).
    var documents: [(frame: Double, document: Document)]

    /// The document shown at `frame`: the last whose frame is at or before it (the first before).
    func document(at frame: Double) -> Document {
        documents.last { $0.frame <= frame }?.document ?? documents[0].document
    }
}
