import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster

extension DisplayList.Item {
    /// The item with `transform` applied after its own (and its clips' and content's, and — for
    /// a move — its layers' projections).
    func transformed(by transform: CGAffineTransform) -> DisplayList.Item {
        func moved(_ clips: [DisplayList.Clip]) -> [DisplayList.Clip] {
            clips.map { clip in
                switch clip {
                case .path(let path, let own, let style, let inverse):
                    return .path(
                        path, transform: own.concatenating(transform), style: style, inverse: inverse)
                case .layer(let content, let opacity, let inverse):
                    return .layer(
                        DisplayList(items: content.items.map { $0.transformed(by: transform) }),
                        opacity: opacity,
                        inverse: inverse)
                }
            }
        }
        switch self {
        case .fill(var fill):
            (fill.transform, fill.clips) = (fill.transform.concatenating(transform), moved(fill.clips))
            return .fill(fill)
        case .glyphs(var text):
            (text.fill.transform, text.fill.clips) = (
                text.fill.transform.concatenating(transform), moved(text.fill.clips)
            )
            return .glyphs(text)
        case .stroke(var stroke):
            (stroke.transform, stroke.clips) = (
                stroke.transform.concatenating(transform), moved(stroke.clips)
            )
            return .stroke(stroke)
        case .layer(var layer):
            layer.content = DisplayList(items: layer.content.items.map { $0.transformed(by: transform) })
            layer.clips = moved(layer.clips)
            // A layer's projection is in pixels of the canvas: moved with the drawing (a turned
            // layer inside one drawn past the frame), it turns about the moved anchor.
            if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 {
                layer.filters = layer.filters.map { $0.moved(x: transform.tx, y: transform.ty) }
            }
            return .layer(layer)
        case .stamp(var stamp):
            (stamp.transform, stamp.clips) = (stamp.transform.concatenating(transform), moved(stamp.clips))
            return .stamp(stamp)
        }
    }
}
