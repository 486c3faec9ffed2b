import FlipbookAudio
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookRaster

extension CompositionLayer {
    /// `type`, read before the other keys: it says which of them the layer has.
    static let type = KeyDeclaration<CompositionDecoder, String>(
        "type", .choice(LayerContent.kinds), default: .required,
        doc:
            "`scene`, `text`, `image`, `video`, `lottie`, `shape`, `group`, `sequence`, `stack` or `spacer`: what the layer draws, and the keys its kind adds (below)"
    )

    /// The keys every layer has, whatever its kind — when, where and how it is drawn.
    package static let keys = ObjectDeclaration<CompositionDecoder, CompositionLayer>(
        "layer",
        [
            .apart(type),
            .key(
                "name", \.name, .string, default: "its JSON path",
                doc: "its name where changes are explained, frame by frame"),
            .key(
                "visible", \.isVisible, .bool, default: "`true`",
                doc:
                    "`false` leaves the layer out: it is neither drawn nor given room in a stack (an override shows or hides it for one shape of canvas: [Shapes](#shapes))"
            ),
            .key(
                "start", \.timing.start, .timeInParent, default: "`0`",
                doc: "when it appears, in its parent's time"),
            .key(
                "duration", \.timing.duration, .positiveSpan, default: "to the parent's end",
                doc: "how long it shows (or give `end`)"),
            .key(
                "end", .timeInParent, default: "—",
                doc: "when it goes, in its parent's time, instead of `duration`"
            ) {
                (layer, end, field, _) throws(PresetError) in
                guard end > layer.timing.start else {
                    throw field.error(
                        "must be after the layer's start (\(JSONField.format(layer.timing.start)) s)")
                }
                layer.timing.duration = end - layer.timing.start
            }.checked(.excludes("duration")),
            .key(
                "loop", \.timing.loop, .positiveSpan, default: .absent,
                doc: "its clock restarts every this many seconds"),
            .key(
                "position", \.position, .keyframed(.lengthPair), default: "the parent's centre",
                doc: "where the layer's `anchor` sits in the parent's box"),
            .key(
                "motionPath", \.motionPath, .motionPath, default: .absent, explain: "motion path",
                doc: "instead of `position`: a path the anchor travels along ([Motion paths](#motion-paths))"
            ).checked(.excludes("position")),
            .key(
                "size", \.size, .keyframed(.extentPair), default: "natural size, or the parent's box",
                doc: "the layer's box"),
            .key(
                "frame", \.frame, .object(LayoutFrame.keys, from: LayoutFrame()), default: .absent,
                doc:
                    "how the layer's box is sized from its content, instead of `size`: bounds, an aspect ratio — and in a stack, a share of the room left ([Stacks](#stacks))"
            ).checked(.excludes("size")),
            .key(
                "anchor", \.anchor, .unitPoint, default: "`\"center\"`",
                doc: "the box's point placed at `position`; the centre of scale and rotation"),
            .key("scale", \.scale, .keyframed(.scale), default: "`1`", doc: "about the anchor"),
            .key(
                "rotation", \.rotation, .keyframed(.number(-36_000...36_000)), default: "`0`",
                type: "degrees",
                doc: "clockwise, about the anchor"),
            .key(
                "rotationY", \.rotationY, .keyframed(.number(-36_000...36_000)), default: "`0`",
                type: "degrees",
                explain: "3D rotation",
                doc:
                    "a 3D turn about the vertical line through the anchor, in perspective: positive sends the right edge away (a card flip: `\"rotationY\": [{\"t\": 0, \"value\": 0}, {\"t\": 1, \"value\": 180}]`); past 90° the layer shows mirrored, as its back. What the layer draws past the frame's edges (up to 512 pixels out, turned layers nested in it included) swings into view"
            ),
            .key(
                "rotationX", \.rotationX, .keyframed(.number(-36_000...36_000)), default: "`0`",
                type: "degrees",
                explain: "3D rotation",
                doc:
                    "a 3D turn about the horizontal line through the anchor, after the vertical one: positive sends the top edge away"
            ),
            .key(
                "perspective", \.perspective, .points(50...100_000), default: "`1000`", type: "points",
                doc:
                    "how far in front of the canvas the 3D turns are seen from: smaller is more dramatic (50 to 100 000)"
            ),
            .key("opacity", \.opacity, .keyframed(.number(0...1)), default: "`1`", doc: "of the whole layer"),
            .key(
                "blendMode", \.blendMode, .choice, default: "`\"normal\"`",
                doc:
                    "`multiply`, `screen`, `overlay`, `darken`, `lighten`, `colorDodge`, `colorBurn`, `softLight`, `hardLight`, `difference`, `exclusion`, `hue`, `saturation`, `color`, `luminosity`, …"
            ),
            .key(
                "blur", blurRadius.or(object: .object(LayerBlur.keys, from: LayerBlur())), default: "`0`",
                type: "points or object",
                doc:
                    "Gaussian blur radius (a blur, and a `shadow`, see what the layer draws past the frame's edges, up to 512 pixels out: a blurred shape half off the frame stays full strength at the edge, and a shadow cast from just outside falls in); `{\"radius\": 30, \"opaque\": true}` keeps the layer opaque to its box's edges and cuts the blur to the box (SwiftUI's `blur(radius:opaque: true)`): a photo or video blurred as a background stays full strength at the frame's edges instead of fading into what is behind it. It is meant for a picture that fills its box: every pixel of the box the blur gives some opacity becomes opaque, so a blurred circle fills its box",
                changes: { (layer, from, to) in layer.blur.moves(from, to) }
            ) { (layer, blur, _, _) in (layer.blur, layer.blurIsOpaque) = (blur.radius, blur.isOpaque) },
            .key(
                "brightness", \.colorAdjustments.brightness, .keyframed(.number(-1...1)), default: "`0`",
                explain: "colour", doc: "added to red, green and blue (SwiftUI's `brightness`)"),
            .key(
                "contrast", \.colorAdjustments.contrast, .keyframed(.number(-10...10)), default: "`1`",
                explain: "colour",
                doc: "distances from mid-grey scaled by this: 0 is all grey, negative inverts"),
            .key(
                "saturation", \.colorAdjustments.saturation, .keyframed(.number(0...10)), default: "`1`",
                explain: "colour", doc: "0 is grey, above 1 more vivid"),
            .key(
                "grayscale", \.colorAdjustments.grayscale, .keyframed(.number(0...1)), default: "`0`",
                explain: "colour", doc: "towards grey (`1`: fully grey)"),
            .key(
                "hueRotation", \.colorAdjustments.hueRotation, .keyframed(.number(-36_000...36_000)),
                default: "`0`",
                type: "degrees", explain: "colour", doc: "turns every hue"),
            .key(
                "colorInvert", \.colorAdjustments.colorInvert, .keyframed(.number(0...1)), default: "`0`",
                explain: "colour", doc: "towards the inverted colour"),
            .key(
                "colorMultiply", \.colorAdjustments.colorMultiply, .keyframed(.color), default: "`white`",
                explain: "colour", doc: "every channel multiplied by the colour's (a tint)"),
            .key(
                "shadow", \.shadow, .object(LayerShadow.keys, from: LayerShadow.standard), default: .absent,
                doc:
                    "a drop shadow of what the layer draws ([Shadows](#shadows)); with `\"inner\": true`, a shadow cast inside it by its edges, as if cut into the canvas"
            ),
            .key(
                "enter", \.enter, .transitions, default: .absent,
                doc: "its entrance, at its start ([below](#entrances-and-exits))"),
            .key(
                "exit", \.exit, .transitions, default: .absent,
                doc: "its exit, ending at its end ([below](#entrances-and-exits))"),
            .key(
                "inSafeArea", .bool, default: "`false`",
                doc: "a top-level layer is placed in the safe area instead of the whole canvas"
            ) {
                (layer, inSafeArea, field, decoder) throws(PresetError) in
                guard !inSafeArea || decoder.depth == 0 else {
                    throw field.error("only top-level layers can be placed in the safe area")
                }
                layer.inSafeArea = inSafeArea
            },
            .key(
                "mask", .layer, default: .absent,
                doc: "a layer whose opacity shows this one ([Masks](#masks))"
            ) {
                (layer, mask, _, _) in layer.mask = mask.map { LayerMask(layer: $0, inverted: false) }
            },
            .key(
                "maskInverted", .bool, default: "`false`",
                doc: "show the layer where its mask is not, instead"
            ) {
                (layer, inverted, _, _) in
                layer.mask = layer.mask.map { LayerMask(layer: $0.layer, inverted: inverted) }
            }.checked(.requires("mask", message: "needs a \"mask\"")),
            .key(
                "wiggle", \.wiggle, LayerWiggle.kind, default: .absent,
                doc:
                    "smooth random movement about the layer's place, as After Effects' `wiggle` ([Wiggle](#wiggle)): on top of the layer's own position, rotation and scale"
            ),
            .key(
                "sound", \.sound, .object(LayerSound.keys, from: LayerSound(track: AudioTrack(file: ""))),
                default: .absent,
                doc:
                    "a sound played as the layer appears, and again each time its clock restarts (`loop`) ([Layer sounds](#layer-sounds))"
            ),
        ])

    /// A blur given as its radius alone: points, keyframable.
    private static let blurRadius = ValueKind<CompositionDecoder, Animated<Double>>.keyframed(
        .points(0...500)
    ).map {
        (radius, _, _) throws(PresetError) in LayerBlur(radius: radius)
    }
}
