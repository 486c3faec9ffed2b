import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

/// A shape layer's items drawn at one frame.
///
/// Lottie's rules, as After Effects applies them: a paint fills or strokes every outline above
/// it in its group, nested groups' included; a modifier (trim, rounded corners, repeater, merge
/// paths, offset paths, pucker and bloat)
/// changes every outline above it in its group; items higher in the list are drawn on top.
/// So the items are walked once, top to bottom, gathering outlines into `slots` (in the layer's
/// space, so that a modifier of an outer group reaches the outlines of inner ones) and paints
/// into `operations` that name the slots they paint; modifiers rewrite slots in place; then the
/// operations are drawn bottom first, each with the slots as they ended.
struct LottieShapeDrawing {
    /// An outline gathered from an item: its contours, until a trim or merge paths make it a
    /// path of its own.
    struct Slot {
        var contours: [LottieBezier]
        var trimmed: Path?

        var path: Path {
            if let trimmed { return trimmed }
            var path = Path()
            for contour in contours { path.addPath(contour.path) }
            return path
        }
    }

    /// A paint, the slots it paints, its group's space (→ the layer's) and the opacity of the
    /// groups and repeater copies around it.
    struct Operation {
        var paint: LottiePaint
        var slots: [Int]
        var transform: CGAffineTransform
        var opacity: Double
    }

    let frame: Double
    let limits: LottieLimits
    /// Where merged and offset outlines are kept between frames.
    let outlines: LottieOutlineCache
    private(set) var slots: [Slot] = []
    private(set) var operations: [Operation] = []

    init(frame: Double, limits: LottieLimits, outlines: LottieOutlineCache) {
        (self.frame, self.limits, self.outlines) = (frame, limits, outlines)
    }

    /// Draws `items` into `context` (in the layer's space).
    /// Draws `items` into `context` (in the layer's space), every paint's colours mapped by
    /// `recolor` when given (`LottieEffect.colorMap(at:)`).
    static func draw(
        _ items: [LottieShape], frame: Double, limits: LottieLimits, outlines: LottieOutlineCache,
        recolor: ColorMatrix? = nil, in context: GraphicsContext
    ) {
        var drawing = LottieShapeDrawing(frame: frame, limits: limits, outlines: outlines)
        let order = drawing.walk(items, transform: .identity, opacity: 1).operations
        for index in order.reversed() {
            drawing.draw(drawing.operations[index], recolor: recolor, in: context)
        }
    }

    /// Gathers `items` of a group whose space maps to the layer's by `transform`: returns the
    /// slots and operations the group made, top first.
    mutating func walk(_ items: [LottieShape], transform: CGAffineTransform, opacity: Double)
        -> (slots: [Int], operations: [Int])
    {
        var mine: (slots: [Int], operations: [Int]) = ([], [])
        for item in items {
            switch item {
            case .group(let inner, let groupTransform):
                let groupOpacity = groupTransform.opacity.scalar(at: frame, fallback: 100) / 100
                let made = walk(
                    inner, transform: groupTransform.matrix(at: frame).concatenating(transform),
                    opacity: opacity * groupOpacity)
                mine.slots += made.slots
                mine.operations += made.operations
            case .outline(let outline):
                let contours = outline.contours(at: frame, maximumPoints: limits.repeaterCopies)
                slots.append(Slot(contours: contours.map { $0.applying(transform) }))
                mine.slots.append(slots.count - 1)
            case .paint(let paint):
                operations.append(
                    Operation(paint: paint, slots: mine.slots, transform: transform, opacity: opacity))
                mine.operations.append(operations.count - 1)
            case .trim(let start, let end, let offset, let simultaneous):
                trim(
                    mine.slots, start: start.scalar(at: frame) / 100,
                    end: end.scalar(at: frame, fallback: 100) / 100,
                    offset: offset.scalar(at: frame) / 360, simultaneous: simultaneous)
            case .roundedCorners(let radius):
                let radius = radius.scalar(at: frame)
                for index in mine.slots where slots[index].trimmed == nil {
                    // Measured in the layer's space: the group's scale is taken as uniform.
                    let scaled = radius * sqrt(abs(transform.a * transform.d - transform.b * transform.c))
                    slots[index].contours = slots[index].contours.map { $0.roundingCorners(radius: scaled) }
                }
            case .offsetPaths(let amount, let join, let miterLimit):
                // In the group's space, measured in the layer's as rounded corners are.
                let scale = sqrt(abs(transform.a * transform.d - transform.b * transform.c))
                let (grow, limit) = (
                    amount.scalar(at: frame) * scale, miterLimit.scalar(at: frame, fallback: 4)
                )
                guard grow != 0 else { continue }
                for index in mine.slots {
                    let path = slots[index].path
                    slots[index].trimmed = outlines.outline(
                        for: .offset(path, amount: grow, join: join, miterLimit: limit)
                    ) { path.offset(by: grow, join: join, miterLimit: limit) }
                }
            case .puckerBloat(let amount):
                let amount = amount.scalar(at: frame)
                for index in mine.slots where slots[index].trimmed == nil {
                    slots[index].contours = slots[index].contours.map { $0.puckeredOrBloated(amount: amount) }
                }
            case .mergePaths(let mode):
                guard let merged = merge(mine.slots, mode: mode) else { continue }
                slots.append(merged)
                mine.slots = [slots.count - 1]
            case .repeater(
                let copies, let offset, let step, let startOpacity, let endOpacity, let stacksAbove):
                mine = repeated(
                    mine, copies: copies.scalar(at: frame), offset: offset.scalar(at: frame), step: step,
                    opacities: (
                        startOpacity.scalar(at: frame, fallback: 100) / 100,
                        endOpacity.scalar(at: frame, fallback: 100) / 100
                    ),
                    stacksAbove: stacksAbove, groupTransform: transform)
            }
        }
        return mine
    }

    /// Trims the slots `indices` to `start`…`end` (fractions, either order) of their length,
    /// turned by `offset` turns: each slot alone (`simultaneous`) or all as one line.
    private mutating func trim(
        _ indices: [Int], start: Double, end: Double, offset: Double, simultaneous: Bool
    ) {
        let (low, high) = (min(start, end), max(start, end))
        guard high - low < 1 else { return }
        let shift = offset - offset.rounded(.down)
        // The kept ranges as fractions of 0…1, split where they wrap past the end.
        var ranges = [(low + shift, high + shift)]
        if ranges[0].1 > 1 {
            ranges =
                ranges[0].0 >= 1
                ? [(ranges[0].0 - 1, ranges[0].1 - 1)] : [(ranges[0].0, 1), (0, ranges[0].1 - 1)]
        }
        if simultaneous {
            for index in indices {
                let path = slots[index].path
                var trimmed = Path()
                for (from, to) in ranges where to > from {
                    trimmed.addPath(path.trimmedPath(from: from, to: to))
                }
                slots[index].trimmed = trimmed
            }
            return
        }
        let lengths = indices.map { MeasuredPath(slots[$0].path).length }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return }
        var travelled = 0.0
        for (index, length) in zip(indices, lengths) {
            let path = slots[index].path
            var trimmed = Path()
            for (from, to) in ranges {
                // This slot's share of the range, as fractions of its own length.
                let (a, b) = (
                    (from * total - travelled) / max(length, 1e-12),
                    (to * total - travelled) / max(length, 1e-12)
                )
                let (clampedA, clampedB) = (max(a, 0), min(b, 1))
                if clampedB > clampedA, length > 0 {
                    trimmed.addPath(path.trimmedPath(from: clampedA, to: clampedB))
                }
            }
            slots[index].trimmed = trimmed
            travelled += length
        }
    }

    /// The slots `indices` made one outline as `mode` says, in their order; `nil` for none.
    private func merge(_ indices: [Int], mode: LottieMergeMode) -> Slot? {
        guard !indices.isEmpty else { return nil }
        let paths = indices.map { slots[$0].path }
        func merged() -> Path {
            var result = paths[0]
            for path in paths.dropFirst() {
                switch mode {
                case .merge: result.addPath(path)
                case .add: result = result.union(path)
                case .subtract: result = result.subtracting(path)
                case .intersect: result = result.intersection(path)
                case .excludeIntersections: result = result.symmetricDifference(path)
                }
            }
            return result
        }
        // Plain merging only adds the paths up: nothing to keep.
        let result = mode == .merge ? merged() : outlines.outline(for: .merged(paths, mode), make: merged)
        return Slot(contours: [], trimmed: result)
    }

    /// The group's gathering so far, drawn `copies` times: copy i moved by `step` applied
    /// `offset + i` times in the group's space, its opacity from `opacities.0` to `.1`.
    private mutating func repeated(
        _ above: (slots: [Int], operations: [Int]), copies: Double, offset: Double, step: LottieTransform,
        opacities: (Double, Double), stacksAbove: Bool, groupTransform: CGAffineTransform
    ) -> (slots: [Int], operations: [Int]) {
        let count = min(max(Int(copies.rounded()), 0), limits.repeaterCopies)
        guard groupTransform.isInvertible else { return ([], []) }
        let toGroup = groupTransform.inverted()
        var made: (slots: [Int], operations: [[Int]]) = ([], [])
        for copy in 0..<count {
            let times = offset + Double(copy)
            let inLayer = toGroup.concatenating(step.repeaterMatrix(at: frame, times: times)).concatenating(
                groupTransform)
            var moved: [Int: Int] = [:]
            for index in above.slots {
                var slot = slots[index]
                slot.contours = slot.contours.map { $0.applying(inLayer) }
                slot.trimmed = slot.trimmed?.applying(inLayer)
                slots.append(slot)
                moved[index] = slots.count - 1
                made.slots.append(slots.count - 1)
            }
            let fraction = count > 1 ? Double(copy) / Double(count - 1) : 0
            let opacity = opacities.0 + (opacities.1 - opacities.0) * fraction
            var copyOperations: [Int] = []
            for index in above.operations {
                var operation = operations[index]
                operation.slots = operation.slots.map { moved[$0] ?? $0 }
                operation.transform = operation.transform.concatenating(inLayer)
                operation.opacity *= opacity
                operations.append(operation)
                copyOperations.append(operations.count - 1)
            }
            made.operations.append(copyOperations)
        }
        // The list is top first: with later copies above, the last copy leads.
        let ordered = stacksAbove ? made.operations.reversed() : made.operations
        return (made.slots, ordered.flatMap { $0 })
    }

    /// Draws one operation: its slots' paths in its group's space, with its paint.
    private func draw(_ operation: Operation, recolor: ColorMatrix?, in context: GraphicsContext) {
        guard operation.transform.isInvertible else { return }
        var path = Path()
        for index in operation.slots { path.addPath(slots[index].path) }
        guard !path.isEmpty else { return }
        var context = context
        context.concatenate(operation.transform)
        let local = path.applying(operation.transform.inverted())
        let paint = operation.paint
        context.opacity *=
            operation.opacity * min(max(paint.opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
        guard context.opacity > 0 else { return }
        let shading = paint.shading(at: frame, recolor: recolor)
        guard let stroke = paint.stroke else {
            return context.fill(local, with: shading, style: FillStyle(eoFill: paint.evenOdd))
        }
        let width = stroke.width.scalar(at: frame)
        guard width > 0 else { return }
        var dash = stroke.dashes.map { $0.scalar(at: frame) }
        if !dash.contains(where: { $0 > 0 }) { dash = [] }
        context.stroke(
            local, with: shading,
            style: StrokeStyle(
                lineWidth: width, lineCap: stroke.cap, lineJoin: stroke.join, miterLimit: stroke.miterLimit,
                dash: dash, dashPhase: stroke.dashOffset?.scalar(at: frame) ?? 0))
    }
}
