import FlipbookGeometry
import FlipbookJSON

extension MotionPath {
    /// A motion path's keys: the path, the box it is drawn in, how far along the anchor is.
    static let keys = ObjectDeclaration<CompositionDecoder, MotionPath>(
        "motion-path",
        [
            .key(
                "path", \.path, .svgPath, default: .required,
                doc: "SVG path data, in points in the parent's box (every command of SVG 1.1)"),
            .key(
                "viewBox", \.viewBox, .viewBox, default: .absent,
                doc: "the rectangle of path coordinates mapped onto the parent's box"),
            .key(
                "progress", \.progress, .keyframed(.number(0...1)), default: .required,
                doc: "how far along the path's length the anchor is"),
            .key(
                "autoRotate", \.autoRotate, .bool, default: "`false`",
                doc: "turn the layer to follow the path (its own `rotation` adds to that)"),
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == MotionPath {
    static var motionPath: ValueKind {
        .object(MotionPath.keys, from: MotionPath(path: Path(), viewBox: nil, progress: .constant(0)))
    }
}
