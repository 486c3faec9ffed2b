import FlipbookCanvas
import FlipbookJSON

/// The JSON Schema of compositions, for `schema/preset.schema.json`: the top-level keys a
/// composition adds, and a `$defs` entry per value type and layer. Each comes from the keys'
/// declarations (`Composition.keys`, `CompositionLayer.keys`, each layer kind's keys) and the
/// value kinds shared by name, so a layer kind lists exactly the keys the decoder reads for it.
package enum CompositionSchema {
    /// The top-level properties a composition adds to a preset.
    package static var topLevel: [(String, JSONOutput)] { Composition.keys.propertySchemas }

    /// The shared definitions the composition's properties refer to.
    package static var definitions: [(String, JSONOutput)] {
        let shared = [
            ValueKind<CompositionDecoder, Double>.time.definition,
            ValueKind<CompositionDecoder, Double>.span.definition,
            ValueKind<CompositionDecoder, Length>.length.definition,
            ValueKind<CompositionDecoder, LengthPair>.lengthPair.definition,
            ValueKind<CompositionDecoder, Length>.extent.definition,
            ValueKind<CompositionDecoder, LengthPair>.extentPair.definition,
            ValueKind<CompositionDecoder, UnitPoint>.unitPoint.definition,
            ValueKind<CompositionDecoder, Color>.color.definition,
            ValueKind<CompositionDecoder, Easing>.easing.definition,
            ("keyframes", keyframes),
            ValueKind<CompositionDecoder, LayerPaint>.paint.definition,
            ValueKind<CompositionDecoder, [Transition]>.transitions.definition,
            ValueKind<CompositionDecoder, Transition>.transition.definition,
            ValueKind<CompositionDecoder, FontSpec>.font.definition,
            ValueKind<CompositionDecoder, Text.LineStyle>.lineStyle.definition,
            ("layers", .object([("type", .string("array")), ("items", .reference("layer"))])),
            ("layer", layer),
        ]
        return shared.compactMap { $0 }
    }

    /// Keyframes of any value: each property that can be keyframed refers to this and adds its
    /// value's schema.
    private static var keyframes: JSONOutput {
        .object([
            ("type", .string("array")), ("minItems", .integer(1)),
            ("items", ObjectDeclaration.keyframe(value: .anyValue).schema),
        ])
    }

    /// A layer: the keys every layer has, and for each kind (`type`) the keys it adds; no others.
    private static var layer: JSONOutput {
        .object([
            ("type", .string("object")),
            ("required", .array([.string("type")])),
            ("properties", .object(CompositionLayer.keys.propertySchemas)),
            (
                "allOf",
                .array(
                    LayerContent.kindKeys.map { kind, keys in
                        .object([
                            (
                                "if",
                                .object([
                                    ("properties", .object([("type", .object([("const", .string(kind))]))]))
                                ])
                            ),
                            ("then", .object([("properties", .object(keys.propertySchemas))])),
                        ])
                    })
            ),
            ("unevaluatedProperties", .bool(false)),
        ])
    }

    /// The reference tables of docs/compositions.md, each from its keys' declarations.
    package static var documentedKeys: [any DeclaredKeys] {
        [Composition.keys, CompositionLayer.keys] + LayerContent.kindKeys.map(\.keys) + [
            LayerBlur.keys, LayerShadow.keys, LayerWiggle.keys, LayerSound.keys, MotionPath.keys,
            ObjectDeclaration.keyframe(value: .anyValue), Transition.keys, TextLayer.Run.keys, FontSpec.keys,
            Text.LineStyle.keys, CaptionHighlight.keys, LayerStroke.keys,
        ] + LayerPaint.gradientKinds.map(LayerPaint.gradientKeys) + [
            LayerPaint.stopKeys, LayoutFrame.keys, ShapeOverride.keys, AspectCondition.keys,
            AspectCondition.rangeKeys,
        ]
    }
}
