import Foundation

extension Composition {
    /// The composition with only the layer at `path` (`layers[2].layers[1]`) showing: every
    /// other layer drawn at opacity 0 (so that stacks keep their room), the groups it is in
    /// kept with their placement, opacity and blend, and its own and its groups' shadows taken
    /// off, and a text's outline. Drawn onto transparency it gives the layer's own pixels — a
    /// text's glyphs as they are coloured, their coverage in alpha — for checks that look at one
    /// layer (`flipbook check`).
    package func isolating(_ path: String) -> Composition {
        var isolated = self
        isolated.layers = Self.isolating(path, in: layers)
        return isolated
    }

    /// The composition with the layer at `path` drawn at opacity 0, all else as it is: what
    /// shows behind that layer. A text with an outline keeps it, its glyphs filled with
    /// nothing: the outline is what its glyphs are seen against.
    package func hiding(_ path: String) -> Composition {
        var hidden = self
        hidden.layers = Self.hiding(path, in: layers)
        return hidden
    }

    private static func isolating(_ path: String, in layers: [CompositionLayer]) -> [CompositionLayer] {
        layers.map { layer in
            var layer = layer
            if layer.path == path || path.hasPrefix(layer.path + ".") {
                layer.shadow = nil
                if case .text(var text) = layer.content, layer.path == path {
                    text.stroke = nil
                    layer.content = .text(text)
                }
                if case .group(var group) = layer.content, layer.path != path {
                    group.layers = isolating(path, in: group.layers)
                    layer.content = .group(group)
                }
            } else {
                layer.opacity = .constant(0)
            }
            return layer
        }
    }

    private static func hiding(_ path: String, in layers: [CompositionLayer]) -> [CompositionLayer] {
        layers.map { layer in
            var layer = layer
            if layer.path == path, case .text(var text) = layer.content, text.stroke != nil {
                text.paint = .color(.constant(.clear))
                for index in text.runs.indices { text.runs[index].paint = nil }
                layer.content = .text(text)
            } else if layer.path == path {
                layer.opacity = .constant(0)
            } else if path.hasPrefix(layer.path + "."), case .group(var group) = layer.content {
                group.layers = hiding(path, in: group.layers)
                layer.content = .group(group)
            }
            return layer
        }
    }
}
