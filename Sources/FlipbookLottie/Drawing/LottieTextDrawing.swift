import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A text layer's document at a frame, set through Flipbook's text engine in its font's family
/// (fontconfig finds it, or its fallback) — or, for a line every character of which the file
/// has a glyph for (`chars`), from those outlines: point text from its first baseline at the
/// origin, each line at `lh` below the last and placed by its justification about x = 0;
/// paragraph text (`sz`) wrapped in its box from the box's top.
enum LottieTextDrawing {
    static func draw(
        _ text: LottieText, frame: Double, limits: LottieLimits, outlines: LottieOutlineCache,
        in context: GraphicsContext
    ) {
        let document = text.document(at: frame)
        guard let fill = document.fill, !document.text.isEmpty, document.size > 0 else { return }
        let font = Font.custom(document.family, size: document.size).weight(weight(of: document.style))
        let italic =
            document.style.lowercased().contains("italic") || document.style.lowercased().contains("oblique")
        func styled(_ string: String) -> Text {
            Text(verbatim: string).font(italic ? font.italic() : font).foregroundColor(fill)
                .tracking(document.tracking * document.size / 1000)
        }
        let lines = document.text.split(omittingEmptySubsequences: false) {
            $0 == "\r" || $0 == "\n" || $0 == "\u{3}"
        }
        .map(String.init)
        let unbounded = CGSize(width: Double.infinity, height: .infinity)
        if let box = document.box {
            // Lines as far apart as `lh`: the spacing added to the font's own line height.
            let single = context.resolve(styled("Ag"))
            let natural = single.measure(in: unbounded).height
            let paragraph = styled(lines.joined(separator: "\n")).multilineTextAlignment(
                alignment(of: document)
            )
            .lineSpacing(max(0, document.lineHeight - natural))
            context.draw(paragraph, in: box)
            return
        }
        for (index, line) in lines.enumerated() where !line.isEmpty {
            if let glyphs = glyphs(of: line, in: text, document: document) {
                drawGlyphs(
                    glyphs, of: document, fill: fill, baseline: Double(index) * document.lineHeight,
                    frame: frame, limits: limits, outlines: outlines, in: context)
                continue
            }
            let resolved = context.resolve(styled(line))
            let width = resolved.measure(in: unbounded).width
            let baseline = resolved.firstBaseline(in: unbounded)
            let x: Double =
                switch alignment(of: document) {
                case .leading: 0
                case .center: -width / 2
                case .trailing: -width
                }
            context.draw(
                resolved, at: CGPoint(x: x, y: Double(index) * document.lineHeight - baseline),
                anchor: .topLeading)
        }
    }

    /// The file's glyphs of every character of `line` in the document's font; `nil` when it
    /// lacks one (the line is then set in the font).
    private static func glyphs(of line: String, in text: LottieText, document: LottieText.Document)
        -> [LottieText.Glyph]?
    {
        guard !text.glyphs.isEmpty else { return nil }
        var found: [LottieText.Glyph] = []
        for character in line {
            let key = LottieText.glyphKey(character, family: document.family, style: document.style)
            guard let glyph = text.glyphs[key] else { return nil }
            found.append(glyph)
        }
        return found
    }

    /// Draws a line of `glyphs` on the baseline at y = `baseline`, each scaled from its size to
    /// the document's and filled in `fill`, `tr` thousandths of an em apart besides their
    /// advances, placed by the justification about x = 0.
    private static func drawGlyphs(
        _ glyphs: [LottieText.Glyph], of document: LottieText.Document, fill: Color, baseline: Double,
        frame: Double, limits: LottieLimits, outlines: LottieOutlineCache, in context: GraphicsContext
    ) {
        let tracking = document.tracking * document.size / 1000
        let advances = glyphs.map { $0.advance * document.size / $0.size + tracking }
        let width = advances.reduce(0, +) - tracking
        var x: Double =
            switch alignment(of: document) {
            case .leading: 0
            case .center: -width / 2
            case .trailing: -width
            }
        let paint = LottieShape.paint(
            LottiePaint(
                source: .color(LottieProperty([fill.red, fill.green, fill.blue])),
                opacity: LottieProperty([100]),
                stroke: nil, evenOdd: false))
        for (glyph, advance) in zip(glyphs, advances) {
            var glyphContext = context
            glyphContext.translateBy(x: x, y: baseline)
            glyphContext.scaleBy(x: document.size / glyph.size, y: document.size / glyph.size)
            LottieShapeDrawing.draw(
                glyph.shapes + [paint], frame: frame, limits: limits, outlines: outlines, in: glyphContext)
            x += advance
        }
    }

    /// `j`: 0 left, 1 right, 2 centre; justified lines (3 to 6) by the side their last line keeps.
    private static func alignment(of document: LottieText.Document) -> TextAlignment {
        switch document.justification {
        case 1, 4: .trailing
        case 2, 5: .center
        default: .leading
        }
    }

    /// The weight a font style (`fStyle`: "Bold", "SemiBold Italic", …) names; regular otherwise.
    private static func weight(of style: String) -> Font.Weight {
        let words = style.lowercased().replacingOccurrences(of: " ", with: "").replacingOccurrences(
            of: "-", with: "")
        let weights: [(String, Font.Weight)] = [
            ("extralight", .ultraLight), ("ultralight", .ultraLight), ("thin", .thin), ("light", .light),
            ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy),
            ("ultrabold", .heavy), ("heavy", .heavy), ("black", .black), ("bold", .bold),
        ]
        return weights.first { words.contains($0.0) }?.1 ?? .regular
    }
}
