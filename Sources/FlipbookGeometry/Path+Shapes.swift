import Foundation

/// Builders for the basic shapes: rectangles, ellipses and rounded rectangles, with SwiftUI's
/// initialisers and CoreGraphics' `add…` methods.
extension Path {
    /// The fraction of the radius at which a cubic Bézier's control points approximate a quarter
    /// circle: 4/3·(√2 − 1). The largest radial error is 0.027 % of the radius.
    static let quarterCircleKappa = 0.552_284_749_830_793_4

    public init(_ rect: CGRect) {
        self.init()
        addRect(rect)
    }

    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A rectangle with corners of `cornerRadius`, clamped (as SwiftUI does) to half the shorter
    /// side so that the corners stay round. Continuous corners by default, as SwiftUI's.
    public init(roundedRect rect: CGRect, cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.init()
        let radius = min(cornerRadius, min(abs(rect.width), abs(rect.height)) / 2)
        addRoundedRect(in: rect, cornerSize: CGSize(width: radius, height: radius), style: style)
    }

    /// A rounded rectangle with circular or continuous corners (continuous by default, as
    /// SwiftUI's).
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// Adds a closed rectangle, starting at its minimum corner and running clockwise on a y-down
    /// canvas, with its points mapped through `transform`.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        addMapped(through: transform) { path in
            let r = rect.standardized
            path.move(to: CGPoint(x: r.minX, y: r.minY))
            path.addLine(to: CGPoint(x: r.maxX, y: r.minY))
            path.addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            path.addLine(to: CGPoint(x: r.minX, y: r.maxY))
            path.closeSubpath()
        }
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds an open polyline through `points`.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds the ellipse inscribed in `rect` as four cubic Béziers (see `quarterCircleKappa`),
    /// with its points mapped through `transform`.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        addMapped(through: transform) { path in
            let r = rect.standardized
            let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
            let (kx, ky) = (rx * Self.quarterCircleKappa, ry * Self.quarterCircleKappa)
            path.move(to: CGPoint(x: cx + rx, y: cy))
            path.addCurve(
                to: CGPoint(x: cx, y: cy + ry),
                control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry))
            path.addCurve(
                to: CGPoint(x: cx - rx, y: cy),
                control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky))
            path.addCurve(
                to: CGPoint(x: cx, y: cy - ry),
                control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry))
            path.addCurve(
                to: CGPoint(x: cx + rx, y: cy),
                control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky))
            path.closeSubpath()
        }
    }

    /// Adds a rounded rectangle with corners of `cornerSize` in `style` (continuous by default,
    /// as SwiftUI's), with its points mapped through `transform`.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous,
        transform: CGAffineTransform = .identity
    ) {
        addMapped(through: transform) { path in
            switch style {
            case .circular: path.addCircularRoundedRect(in: rect, cornerSize: cornerSize)
            case .continuous: path.addContinuousRoundedRect(in: rect, cornerSize: cornerSize)
            }
        }
    }

    /// Adds a rectangle whose corners are elliptical quarter arcs of `cornerSize`, clamped to half
    /// the rectangle's width and height.
    private mutating func addCircularRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width, 0), r.width / 2)
        let ry = min(max(cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        let (kx, ky) = (rx * (1 - Self.quarterCircleKappa), ry * (1 - Self.quarterCircleKappa))
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(
            to: CGPoint(x: r.maxX, y: r.minY + ry),
            control1: CGPoint(x: r.maxX - kx, y: r.minY), control2: CGPoint(x: r.maxX, y: r.minY + ky))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(
            to: CGPoint(x: r.maxX - rx, y: r.maxY),
            control1: CGPoint(x: r.maxX, y: r.maxY - ky), control2: CGPoint(x: r.maxX - kx, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(
            to: CGPoint(x: r.minX, y: r.maxY - ry),
            control1: CGPoint(x: r.minX + kx, y: r.maxY), control2: CGPoint(x: r.minX, y: r.maxY - ky))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(
            to: CGPoint(x: r.minX + rx, y: r.minY),
            control1: CGPoint(x: r.minX, y: r.minY + ky), control2: CGPoint(x: r.minX + kx, y: r.minY))
        closeSubpath()
    }
}
