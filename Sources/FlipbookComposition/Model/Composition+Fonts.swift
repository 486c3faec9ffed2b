import FlipbookGeometry
import FlipbookText
import Foundation

extension Composition {
    /// Looks up the fonts the composition's texts ask for — each run's, over its layer's — as
    /// drawing them would, so that `flipbook validate` warns (`WarningSink`) about a family that
    /// neither the preset's font files nor the system provide, or a bold or italic face a family
    /// lacks, before anything is rendered: at each text layer's path, as drawing it would.
    package func lookUpFonts(in library: FontLibrary = .shared) {
        var seen: Set<String> = []
        for (path, font) in Self.fontSpecs(of: layers) {
            // The size does not choose the face, so any extent will do.
            let descriptor = font.resolved(extent: 0, canvas: .zero).0
            guard seen.insert("\(path) \(descriptor)").inserted else { continue }
            WarningSink.current.at(path).receiving { _ = library.faces(for: descriptor) }
        }
    }

    /// The font of every run of the texts of `layers` (a layer's own, under a text that styles
    /// its captions), their groups' and masks' included, with its layer's JSON path.
    static func fontSpecs(of layers: [CompositionLayer]) -> [(path: String, font: FontSpec)] {
        layers.flatMap { layer -> [(path: String, font: FontSpec)] in
            let masking = layer.mask.map { fontSpecs(of: [$0.layer]) } ?? []
            switch layer.content {
            case .text(let text):
                let fonts =
                    text.runs.isEmpty ? [text.font] : text.runs.map { text.font.merged(with: $0.font) }
                return masking + fonts.map { (layer.path, $0) }
            case .group(let group):
                return masking + fontSpecs(of: group.layers)
            default:
                return masking
            }
        }
    }
}
