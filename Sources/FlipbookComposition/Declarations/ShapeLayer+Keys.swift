import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON

extension ShapeLayer {
    /// A shape layer's own keys. `shape` is read first: a star's, a polygon's and a path's keys
    /// set what it made.
    static let keys = ObjectDeclaration<CompositionDecoder, ShapeLayer>(
        "shape",
        [
            .key(
                "shape", .choice(kinds), default: .required,
                doc:
                    "`rect`, `roundedRect`, `circle` (in the box's shorter side), `ellipse`, `capsule`, `star`, `polygon`, `path`"
            ) { (shape, name, _, _) in shape.kind = Kind(named: name) }.read(.first),
            .key(
                "cornerRadius", \.cornerRadius, .keyframed(.extent), default: "`0`", explain: "corner radius",
                doc: "a `roundedRect`'s corners"),
            .key("points", .integer(3...100), default: "`5`", doc: "a star's tips") { (shape, points, _, _) in
                if case .star(_, let innerRadius) = shape.kind {
                    shape.kind = .star(points: points, innerRadius: innerRadius)
                }
            },
            .key(
                "innerRadius", .number(0...1), default: "`0.45`",
                doc: "a star's inner vertices, as a fraction of its radius"
            ) { (shape, innerRadius, _, _) in
                if case .star(let points, _) = shape.kind {
                    shape.kind = .star(points: points, innerRadius: innerRadius)
                }
            },
            .key("sides", .integer(3...100), default: "`6`", doc: "a polygon's sides") {
                (shape, sides, _, _) in
                if case .polygon = shape.kind { shape.kind = .polygon(sides: sides) }
            },
            .key(
                "path", .svgPath, default: "required for a `path`",
                doc:
                    "SVG path data (`\"M10 10 C 20 20, 40 20, 50 10 Z\"`: every command of SVG 1.1, arcs included)"
            ) { (shape, path, _, _) in
                if case .path(_, let viewBox) = shape.kind { shape.kind = .path(path, viewBox: viewBox) }
            },
            .key(
                "viewBox", .viewBox, default: .absent,
                doc:
                    "the rectangle of path coordinates mapped onto the box (without it, path coordinates are points in the box)"
            ) { (shape, viewBox, _, _) in
                if case .path(let path, _) = shape.kind { shape.kind = .path(path, viewBox: viewBox) }
            },
            .key("fill", \.fill, .paint, default: "`white` when there is no stroke", doc: "a paint"),
            .key(
                "stroke", \.stroke, .stroke(join: .miter), default: .absent,
                doc: "an outline ([Strokes](#strokes))"),
            .key(
                "trimStart", \.trimStart, .keyframed(.number(0...1)), default: "`0`", explain: "trim",
                doc: "where the visible part of the outline starts"),
            .key(
                "trimEnd", \.trimEnd, .keyframed(.number(0...1)), default: "`1`", explain: "trim",
                doc: "where it ends: keyframe it from 0 to 1 and a line draws itself"),
        ])
}

extension ShapeLayer.Kind {
    /// The shape `name` names (`ShapeLayer.kinds`), with a star's, a polygon's and a path's
    /// defaults until their keys are read.
    init(named name: String) {
        switch name {
        case "roundedRect": self = .roundedRect
        case "circle": self = .circle
        case "ellipse": self = .ellipse
        case "capsule": self = .capsule
        case "star": self = .star(points: 5, innerRadius: 0.45)
        case "polygon": self = .polygon(sides: 6)
        case "path": self = .path(Path(), viewBox: nil)
        default: self = .rect
        }
    }
}

extension LayerStroke {
    /// An outline's keys.
    static let keys = ObjectDeclaration<CompositionDecoder, LayerStroke>(
        "stroke",
        [
            .key("paint", \.paint, .paint, default: .required, doc: "a paint"),
            .key(
                "width", \.width, .keyframed(.points(0...10_000)), default: "`1`", type: "points",
                doc: "the line's width"),
            .key(
                "cap", .choice(["butt", "round", "square"]), default: "`butt`",
                doc: "`butt`, `round` or `square`"
            ) {
                (stroke, cap, _, _) in
                stroke.style.lineCap = cap == "round" ? .round : cap == "square" ? .square : .butt
            },
            .key(
                "join", .choice(["miter", "round", "bevel"]), default: "`miter` (a text's: `round`)",
                doc: "`miter`, `round` or `bevel`"
            ) { (stroke, join, _, _) in
                stroke.style.lineJoin = join == "round" ? .round : join == "bevel" ? .bevel : .miter
            },
            .key(
                "dash", .array(of: .number(0...10_000)), default: .absent, type: "array",
                doc: "on and off lengths, `[on, off, …]`: at most 64, not all zero"
            ) { (stroke, dash, field, _) throws(PresetError) in
                guard dash.count <= 64, dash.contains(where: { $0 > 0 }) || dash.isEmpty else {
                    throw field.error("must list at most 64 lengths, not all zero")
                }
                stroke.style.dash = dash
            },
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == LayerStroke {
    /// An outline `{"paint", "width", "cap", "join", "dash"}`, joined as `join` says or else by
    /// `join`.
    static func stroke(join: CGLineJoin) -> ValueKind {
        .object(
            LayerStroke.keys,
            from: LayerStroke(
                paint: .color(.constant(.white)), width: .constant(1), style: StrokeStyle(lineJoin: join)))
    }
}
