import FlipbookGeometry
import FlipbookRaster

/// One item of a shape layer's content (`shapes`, a group's `it`), in file order: outlines,
/// the paints that fill or stroke the outlines above them, and the modifiers that change them.
indirect enum LottieShape: Sendable {
    /// A group (`gr`) of items with its own transform (its `tr` item).
    case group(items: [LottieShape], transform: LottieTransform)
    /// An outline of some kind.
    case outline(LottieOutline)
    /// A fill or a stroke (`fl`, `st`, `gf`, `gs`).
    case paint(LottiePaint)
    /// Trim paths (`tm`): only the part between `start` and `end` percent, turned by `offset`
    /// degrees (360 is the whole length), of each outline (`simultaneous`) or of all together.
    case trim(
        start: LottieProperty<[Double]>, end: LottieProperty<[Double]>, offset: LottieProperty<[Double]>,
        simultaneous: Bool)
    /// A repeater (`rp`): what lies above it, drawn `copies` times, each moved by one more step
    /// of `transform`, opacities from `startOpacity` to `endOpacity` percent; later copies on
    /// top when `stacksAbove`.
    case repeater(
        copies: LottieProperty<[Double]>, offset: LottieProperty<[Double]>, transform: LottieTransform,
        startOpacity: LottieProperty<[Double]>, endOpacity: LottieProperty<[Double]>, stacksAbove: Bool)
    /// Rounded corners (`rd`) of `radius` on the sharp corners of the outlines above.
    case roundedCorners(radius: LottieProperty<[Double]>)
    /// Merge paths (`mm`): the outlines above in the group made one, as `mode` combines them.
    case mergePaths(LottieMergeMode)
    /// Offset paths (`op`): the outlines above grown by `amount` (shrunk where negative), their
    /// corners joined by `join` within `miterLimit`.
    case offsetPaths(amount: LottieProperty<[Double]>, join: CGLineJoin, miterLimit: LottieProperty<[Double]>)
    /// Pucker and bloat (`pb`): the outlines above pulled towards (> 0) or pushed from their
    /// centres by `amount` percent.
    case puckerBloat(amount: LottieProperty<[Double]>)
}

extension LottieShape {
    /// How many fills and strokes `items` hold, nested groups' included; `nil` when a repeater
    /// draws some of them a number of times that may change.
    static func paintCount(of items: [LottieShape]) -> Int? {
        var count = 0
        for item in items {
            switch item {
            case .paint: count += 1
            case .group(let inner, _):
                guard let inner = paintCount(of: inner) else { return nil }
                count += inner
            case .repeater: return nil
            case .outline, .trim, .roundedCorners, .mergePaths, .offsetPaths, .puckerBloat: break
            }
        }
        return count
    }
}

/// How merge paths (`mm`'s `mm`) combine the outlines above it, each with the result of those
/// before it, through Flipbook's path set operations.
enum LottieMergeMode: Int, Sendable {
    /// 1: all together, as one compound outline.
    case merge = 1
    /// 2: their union.
    case add
    /// 3: the first with the others cut out.
    case subtract
    /// 4: where all of them overlap.
    case intersect
    /// 5: where an odd number of them lie.
    case excludeIntersections
}

/// An outline item: its kind and whether it runs backwards (`d: 3`).
struct LottieOutline: Sendable {
    enum Kind: Sendable {
        /// `rc`: centre, size, corner roundness.
        case rectangle(
            center: LottieProperty<[Double]>, size: LottieProperty<[Double]>,
            roundness: LottieProperty<[Double]>)
        /// `el`: centre and size.
        case ellipse(center: LottieProperty<[Double]>, size: LottieProperty<[Double]>)
        /// `sr`: a star (or a polygon without inner points) of `points` points.
        case polystar(LottiePolystar)
        /// `sh`: a Bézier outline.
        case path(LottieProperty<LottieBezier>)
    }

    var kind: Kind
    var reversed: Bool
}

/// A star or polygon (`sr`): `points` points on `outerRadius` (and as many on `innerRadius`
/// between them for a star), the first straight up turned by `rotation` degrees; the
/// roundness of each kind of point (`os`, `is`, percent) bends its corners into curves.
struct LottiePolystar: Sendable {
    var isStar: Bool
    var center: LottieProperty<[Double]>
    var points: LottieProperty<[Double]>
    var rotation: LottieProperty<[Double]>
    var outerRadius: LottieProperty<[Double]>
    var innerRadius: LottieProperty<[Double]>
    var outerRoundness: LottieProperty<[Double]>
    var innerRoundness: LottieProperty<[Double]>
}
