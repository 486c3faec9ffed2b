import FlipbookGeometry
import Foundation

extension Shape {
    /// A shape on its own is a view filled with the foreground style (black unless set), as in
    /// SwiftUI: `Circle().frame(width: 20, height: 20)`.
    public var body: some View {
        ShapeView(shape: self, style: nil, painting: .fill(FillStyle()))
    }

    /// The shape filled with `content`, as a view that takes the space it is offered.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, style: content, painting: .fill(style))
    }

    /// The shape's outline stroked with `content` in a line of `lineWidth`, centred on the
    /// outline, as a view.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The shape's outline stroked with `content` in `style`, as a view.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        ShapeView(shape: self, style: content, painting: .stroke(style))
    }
}

extension InsettableShape {
    /// The shape's outline stroked with `content` in a line of `lineWidth` that lies wholly
    /// inside the view's bounds, as SwiftUI's `strokeBorder(_:lineWidth:)`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }
}
