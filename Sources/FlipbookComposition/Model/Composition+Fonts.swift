import FlipbookText
import Foundation

extension Composition {
    /// Looks up the fonts the composition's texts ask for — each run's, over its layer's — as
    /// drawing them would, so that `flipbook validate` warns (`WarningSink`) about a family that
    /// neither the preset's font files nor the system provide before anything is rendered.
    package func lookUpFonts(in library: FontLibrary = .shared) {
        for descriptor in Set(Self.fontDescriptors(of: layers)) { _ = library.faces(for: descriptor) }
    }

    /// The fonts of `layers`, their masks' included.
    private static func fontDescriptors(of layers: [CompositionLayer]) -> [FontDescriptor] {
        layers.flatMap { layer -> [FontDescriptor] in
            let masking = layer.mask.map { fontDescriptors(of: [$0.layer]) } ?? []
            return masking + content(of: layer)
        }
    }

    /// The fonts of `layer`'s own content: its runs', or its group's layers'.
    private static func content(of layer: CompositionLayer) -> [FontDescriptor] {
        switch layer.content {
        case .text(let text):
            // The size does not choose the face, so any extent will do.
            text.runs.map { text.font.merged(with: $0.font).resolved(extent: 0, canvas: .zero).0 }
        case .group(let group):
            fontDescriptors(of: group.layers)
        default:
            []
        }
    }
}
