import FlipbookGeometry
import Foundation

/// A 2D shape that describes itself as a path in a given rectangle, as SwiftUI's `Shape`. Like
/// SwiftUI's, every shape is `Animatable`: a shape without numbers of its own to morph has
/// `EmptyAnimatableData`, one with them (a rounded rectangle's corners, a custom shape's
/// `animatableData`) interpolates through `interpolated(to:fraction:)`. And like SwiftUI's,
/// every shape is a `View`, filled with the foreground style (`Shape+View.swift`).
public protocol Shape: Animatable, Sendable, View {
    /// The outline of the shape when it fills `rect`.
    func path(in rect: CGRect) -> Path
}

/// A shape that can be inset, as SwiftUI's `InsettableShape`: `strokeBorder` insets it by half
/// the line width so that the whole stroke lies inside the frame (a plain `stroke` straddles
/// the outline, half of it outside).
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The same shape, `amount` points smaller on every side.
    func inset(by amount: Double) -> InsetShape
}

public struct Rectangle: InsettableShape {
    var insetAmount = 0.0
    public init() {}

    public func path(in rect: CGRect) -> Path {
        Path(rect.insetBy(dx: insetAmount, dy: insetAmount))
    }

    public func inset(by amount: Double) -> Rectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    var insetAmount = 0.0

    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        (self.cornerSize, self.style) = (cornerSize, style)
    }

    /// The corner size animates, as SwiftUI's.
    public var animatableData: CGSize.AnimatableData {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }

    public func path(in rect: CGRect) -> Path {
        let inner = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let size = CGSize(
            width: max(0, cornerSize.width - insetAmount), height: max(0, cornerSize.height - insetAmount))
        return Path(roundedRect: inner, cornerSize: size, style: style)
    }

    public func inset(by amount: Double) -> RoundedRectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A circle centred in the rectangle, as wide as its shorter side.
public struct Circle: InsettableShape {
    var insetAmount = 0.0
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        let square = CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        return Path(ellipseIn: square.insetBy(dx: insetAmount, dy: insetAmount))
    }

    public func inset(by amount: Double) -> Circle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public struct Ellipse: InsettableShape {
    var insetAmount = 0.0
    public init() {}

    public func path(in rect: CGRect) -> Path {
        Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount))
    }

    public func inset(by amount: Double) -> Ellipse {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A rounded rectangle whose corner radius is half its shorter side.
public struct Capsule: InsettableShape {
    public var style: RoundedCornerStyle
    var insetAmount = 0.0

    public init(style: RoundedCornerStyle = .circular) {
        self.style = style
    }

    public func path(in rect: CGRect) -> Path {
        let inner = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(inner.width, inner.height) / 2
        return Path(roundedRect: inner, cornerSize: CGSize(width: radius, height: radius), style: style)
    }

    public func inset(by amount: Double) -> Capsule {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

extension GraphicsContext {
    /// Fills `shape` laid out in `rect`.
    public func fill(
        _ shape: some Shape, in rect: CGRect, with shading: Shading, style: FillStyle = FillStyle()
    ) {
        fill(shape.path(in: rect), with: shading, style: style)
    }

    /// Strokes `shape` laid out in `rect`, the line centred on its outline.
    public func stroke(_ shape: some Shape, in rect: CGRect, with shading: Shading, lineWidth: Double = 1) {
        stroke(shape.path(in: rect), with: shading, lineWidth: lineWidth)
    }

    /// Strokes `shape` inside `rect`, as SwiftUI's `strokeBorder`: the shape is inset by half
    /// the line width, so the line's outer edge is the frame.
    public func strokeBorder(
        _ shape: some InsettableShape, in rect: CGRect, with shading: Shading, lineWidth: Double = 1
    ) {
        stroke(shape.inset(by: lineWidth / 2).path(in: rect), with: shading, lineWidth: lineWidth)
    }
}
