import FlipbookJSON

/// Layers inside a layer: a mask, a group's or a sequence's children, the composition's own.
extension ValueKind where Context == CompositionDecoder, Value == CompositionLayer? {
    /// A layer of any kind, one deeper than the layer being read, counted against the limits on
    /// layers and nesting; `nil` (its problems recorded) when it cannot be read.
    static var layer: ValueKind {
        ValueKind(schema: .reference("layer"), type: "layer") { (field, decoder) throws(PresetError) in
            decoder.readCountedLayer(field, depth: decoder.depth + 1)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [CompositionLayer] {
    /// A list of layers one deeper than the layer being read, each read on its own.
    static var layers: ValueKind {
        ValueKind(schema: .reference("layers"), type: "array") { (field, decoder) throws(PresetError) in
            decoder.readLayers(field, depth: decoder.depth + 1)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [CompositionLayer] {
    /// A stack's layers: a list of layers one deeper, each read as a layer in a stack (placed by
    /// it, so without a `position`, and with a `frame` if it likes).
    static var stackedLayers: ValueKind {
        ValueKind(schema: .reference("layers"), type: "array") { (field, decoder) throws(PresetError) in
            decoder.readLayers(field, depth: decoder.depth + 1, stacked: true)
        }
    }
}
