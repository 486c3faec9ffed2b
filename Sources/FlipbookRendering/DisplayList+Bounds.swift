import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension DisplayList {
    /// A rectangle in device pixels holding everything the list may paint — larger than that is
    /// allowed, never smaller: a fill's path, a stroke's grown by its pen (miters included),
    /// a layer's content grown by its filters' reach (everywhere, under a projection), a
    /// stamp's symbol box; each cut by its path clips. `.null` when it paints nothing.
    public var deviceBounds: CGRect {
        items.reduce(CGRect.null) { $0.union($1.deviceBounds) }
    }

    /// The device rectangle holding `rect` of a user space mapped by `transform`: all of it
    /// when the mapping is not finite.
    fileprivate static func device(_ rect: CGRect, _ transform: CGAffineTransform) -> CGRect {
        let mapped = rect.applying(transform)
        guard !mapped.isNull else { return .null }
        return [mapped.minX, mapped.minY, mapped.maxX, mapped.maxY].allSatisfy(\.isFinite)
            ? mapped : .infinite
    }

    /// `rect` cut by the clips that keep the inside of a path.
    fileprivate static func clipped(_ rect: CGRect, by clips: [Clip]) -> CGRect {
        clips.reduce(rect) { rect, clip in
            guard case .path(let path, let transform, _, false) = clip else { return rect }
            return rect.intersection(device(path.boundingRect, transform))
        }
    }
}

extension DisplayList.Item {
    /// The clips the item is drawn under.
    var clips: [DisplayList.Clip] {
        switch self {
        case .fill(let fill): fill.clips
        case .glyphs(let text): text.fill.clips
        case .stroke(let stroke): stroke.clips
        case .layer(let layer): layer.clips
        case .stamp(let stamp): stamp.clips
        }
    }

    /// A rectangle in device pixels holding everything the item may paint
    /// (`DisplayList.deviceBounds`); `.null` when it paints nothing.
    var deviceBounds: CGRect {
        func filled(_ fill: DisplayList.Fill) -> CGRect {
            DisplayList.clipped(DisplayList.device(fill.path.boundingRect, fill.transform), by: fill.clips)
        }
        switch self {
        case .fill(let fill): return filled(fill)
        case .glyphs(let text): return filled(text.fill)
        case .stroke(let stroke):
            let style = stroke.style
            let pen = style.lineWidth / 2 * max(style.miterLimit, 1.5)
            let outline = stroke.path.boundingRect.insetBy(dx: -pen, dy: -pen)
            return DisplayList.clipped(DisplayList.device(outline, stroke.transform), by: stroke.clips)
        case .layer(let layer):
            let content = layer.content.deviceBounds
            guard !content.isNull else { return .null }
            if layer.filters.contains(where: \.movesAnywhere) { return .infinite }
            let reach = Double(layer.filters.reduce(0) { $0 + $1.reach })
            return DisplayList.clipped(content.insetBy(dx: -reach, dy: -reach), by: layer.clips)
        case .stamp(let stamp):
            let box = CGRect(origin: .zero, size: stamp.symbol.size).insetBy(dx: -1, dy: -1)
            return DisplayList.clipped(DisplayList.device(box, stamp.transform), by: stamp.clips)
        }
    }
}

extension Filter {
    /// Whether the filter may move a pixel any distance: a projection.
    var movesAnywhere: Bool {
        switch self {
        case .projection: true
        case .inLinearLight(let filter): filter.movesAnywhere
        case .blur, .shadow, .colorMatrix, .alphaThreshold: false
        }
    }
}
