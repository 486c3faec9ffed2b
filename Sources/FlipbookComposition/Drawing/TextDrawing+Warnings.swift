import FlipbookGeometry
import FlipbookText
import Foundation

/// What a text layer warns about as it is drawn, each kind of warning made in one function
/// here, each with its class: a face that stands in for the weight or style asked for
/// (`font-substituted`), and text that does not fit (`text-shrunk`, `text-cut-off`). Each is at
/// the layer's JSON path (its run's, for a face); the warning sink says each once, however many
/// frames draw it.
extension TextDrawing {
    /// Warns about each face of `layout` that does not draw its run's weight or slant as
    /// designed (`FontFace.styleChanges(from:)`) — `"weight": "black"` drawn with a family's
    /// bold, a bold or italic made up — naming the face drawn.
    func warnAboutFaces(of layout: TextLayout) {
        for (run, face) in layout.facesUsed {
            let descriptor = layout.runs[run].style.font
            for change in face.styleChanges(from: descriptor) {
                warnAboutFontSubstitution(change, face: face, asked: descriptor, run: run)
            }
        }
    }

    /// The warning that `face` draws `asked` (of run `run`) with `change`.
    private func warnAboutFontSubstitution(
        _ change: FontStyleChange, face: FontFace, asked: FontDescriptor, run: Int
    ) {
        let weight = Self.weightName(asked.weight)
        let what: String
        switch change {
        case .weight(let drawn):
            what =
                "weight \(weight) is drawn with \"\(face.displayName)\" at weight \(drawn), the nearest its family has"
        case .madeUpBold:
            what =
                "weight \(weight) is made up by thickening \"\(face.displayName)\", as its family has no face that heavy"
        case .madeUpItalic:
            what = "italic is made up by slanting \"\(face.displayName)\", as its family has no italic face"
        case .italic:
            what = "upright text is drawn with \"\(face.displayName)\", as its family has only italic faces"
        }
        WarningSink.current.report(.fontSubstituted, at: subject(run: run), what)
    }

    /// Warns when `layout` does not fit its box: when even its minimum scale factor is not
    /// small enough (it is set at that scale and cut or runs out of its box), and when its line
    /// limit cut it short.
    func warnIfNotFitting(_ layout: TextLayout) {
        if layout.needsSmallerScale { warnShrunkBelowMinimum(layout) }
        if layout.truncated { warnCutOff(layout) }
    }

    /// The warning that the text would have to be set smaller than its minimum scale factor.
    private func warnShrunkBelowMinimum(_ layout: TextLayout) {
        let fate = layout.truncated ? "cut off with \"…\"" : "running out of its box"
        WarningSink.current.report(
            .textShrunk, at: subject(),
            "its text would have to shrink below its minimumScaleFactor "
                + "(\(Self.number(layer.minimumScaleFactor))) to fit its box; it is set at that scale, \(fate)"
        )
    }

    /// The warning that the line limit cut the text short.
    private func warnCutOff(_ layout: TextLayout) {
        let limit = layer.lineLimit ?? layout.lines.count
        let lines = limit == 1 ? "1 line" : "\(limit) lines"
        WarningSink.current.report(
            .textCutOff, at: subject(),
            "its text is cut off at its lineLimit (\(lines)), \"…\" marking the cut")
    }

    /// The layer (its JSON path), or its run `run` when it has several runs of its own.
    private func subject(run: Int? = nil) -> String {
        guard let run, !layer.stylesCaptions, layer.runs.count > 1 else { return path }
        return "\(path).runs[\(run)]"
    }

    /// A weight as a composition names it: `black (900)`, or the number alone.
    private static func weightName(_ weight: Int) -> String {
        FontSpec.weights.first { $0.value == weight }.map { "\($0.name) (\(weight))" } ?? "\(weight)"
    }

    /// `value` without a trailing `.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
