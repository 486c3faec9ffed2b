import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// The covered area of `draw`'s picture in pixels: the sum of alpha over 255.
private func inkArea(width: Int, height: Int, _ draw: @escaping (inout GraphicsContext, CGSize) -> Void)
    -> Double
{
    let pixmap = Canvas(renderer: draw).rendered(width: width, height: height)
    var total = 0
    for y in 0..<height { for x in 0..<width { total += Int(pixmap[x, y].alpha) } }
    return Double(total) / 255
}

/// Whether `a` and `b` are the same rectangle to within `tolerance` on every side.
private func same(_ a: CGRect, _ b: CGRect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.maxX - b.maxX) <= tolerance
        && abs(a.maxY - b.maxY) <= tolerance
}

/// A shape that only declares its numbers, as a SwiftUI shape does without naming `Animatable`.
private struct Bar: Shape {
    var height: Double
    var animatableData: Double {
        get { height }
        set { height = newValue }
    }
    func path(in rect: CGRect) -> Path {
        Path(CGRect(x: rect.minX, y: rect.maxY - height, width: 4, height: height))
    }
}

/// SwiftUI's shape API beyond the basic shapes: modifiers that return shapes, `AnyShape`,
/// `UnevenRoundedRectangle`, the short names (`.rect`, `.circle`, …), `Path` as a shape, and
/// every shape `Animatable`.
@Suite struct ShapeParityTests {
    let box = CGRect(x: 10, y: 20, width: 40, height: 20)

    @Test func roundedRectanglePathsAreContinuousByDefaultAsInSwiftUI() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        #expect(
            Path(roundedRect: rect, cornerRadius: 12)
                == Path(roundedRect: rect, cornerRadius: 12, style: .continuous))
        #expect(
            Path(roundedRect: rect, cornerRadius: 12)
                != Path(roundedRect: rect, cornerRadius: 12, style: .circular))
        var added = Path()
        added.addRoundedRect(in: rect, cornerSize: CGSize(width: 12, height: 12))
        #expect(
            added == Path(roundedRect: rect, cornerSize: CGSize(width: 12, height: 12), style: .continuous))
        // A continuous corner reaches further along its edges than a circular one of that radius.
        let continuous = inkArea(width: 100, height: 60) { context, _ in
            context.fill(Path(roundedRect: rect, cornerRadius: 20), with: .color(.white))
        }
        let circular = inkArea(width: 100, height: 60) { context, _ in
            context.fill(Path(roundedRect: rect, cornerRadius: 20, style: .circular), with: .color(.white))
        }
        // Within 0.05 % of the exact area (the corners are flattened Béziers).
        #expect(abs(circular - (6000 - (4 - Double.pi) * 400)) < 3)
        #expect(continuous < circular - 20)
    }

    @Test func addMethodsTakeATransform() {
        let turn = CGAffineTransform(translationX: 5, y: 7).scaledBy(x: 2, y: 3)
        var path = Path()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 2), transform: turn)
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 2), transform: turn)
        path.addRoundedRect(
            in: CGRect(x: 0, y: 0, width: 4, height: 2), cornerSize: CGSize(width: 1, height: 1),
            transform: turn)
        path.addRoundedRect(
            in: CGRect(x: 0, y: 0, width: 4, height: 2), cornerRadii: RectangleCornerRadii(topLeading: 1),
            transform: turn)
        path.addRects([CGRect(x: 1, y: 1, width: 1, height: 1)], transform: turn)
        #expect(same(path.controlPointBounds, CGRect(x: 5, y: 7, width: 8, height: 6)))
        var plain = Path()
        plain.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 2))
        var mapped = Path()
        mapped.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 2), transform: turn)
        #expect(mapped == plain.applying(turn))
    }

    @Test func unevenCornersAreRoundedEachByItsOwnRadius() {
        // Square top-left corner, round (radius 16) bottom-right, circular arcs.
        let shape = UnevenRoundedRectangle(bottomTrailingRadius: 16, style: .circular)
        let path = shape.path(in: CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(path.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(path.contains(CGPoint(x: 59.5, y: 0.5)))
        #expect(path.contains(CGPoint(x: 0.5, y: 39.5)))
        #expect(!path.contains(CGPoint(x: 59, y: 39)))
        let area = inkArea(width: 60, height: 40) { context, size in
            context.fill(shape, in: CGRect(origin: .zero, size: size), with: .color(.white))
        }
        // One corner's cut: a quarter of what four such corners of a rounded rectangle cut.
        let fourCorners = inkArea(width: 60, height: 40) { context, size in
            context.fill(
                .rect(cornerRadius: 16, style: .circular), in: CGRect(origin: .zero, size: size),
                with: .color(.white))
        }
        #expect(abs(area - (2400 - (2400 - fourCorners) / 4)) < 0.05)
        // Radii too large are scaled together until each edge holds its corners: 100 on a 50 × 40
        // box becomes 20, half the height — the ends of a capsule.
        let huge = inkArea(width: 50, height: 40) { context, size in
            context.fill(
                .rect(
                    cornerRadii: RectangleCornerRadii(
                        topLeading: 100, bottomLeading: 100, bottomTrailing: 100, topTrailing: 100),
                    style: .circular),
                in: CGRect(origin: .zero, size: size), with: .color(.white))
        }
        let capsule = inkArea(width: 50, height: 40) { context, size in
            context.fill(Capsule(), in: CGRect(origin: .zero, size: size), with: .color(.white))
        }
        #expect(abs(huge - capsule) < 0.05)
        // Equal radii draw what a rounded rectangle draws.
        let even = inkArea(width: 60, height: 40) { context, size in
            context.fill(
                .rect(
                    topLeadingRadius: 9, bottomLeadingRadius: 9, bottomTrailingRadius: 9, topTrailingRadius: 9
                ), in: CGRect(origin: .zero, size: size), with: .color(.white))
        }
        let rounded = inkArea(width: 60, height: 40) { context, size in
            context.fill(.rect(cornerRadius: 9), in: CGRect(origin: .zero, size: size), with: .color(.white))
        }
        #expect(abs(even - rounded) < 0.01)
        // Inset, the corners follow the outer ones.
        let inset = shape.inset(by: 4).path(in: CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(same(inset.controlPointBounds, CGRect(x: 4, y: 4, width: 52, height: 32)))
    }

    @Test func transformingModifiersMoveTheOutlineAboutItsAnchor() {
        #expect(same(Rectangle().offset(x: 3, y: -2).path(in: box).boundingRect, box.offsetBy(dx: 3, dy: -2)))
        #expect(
            same(
                Rectangle().offset(CGSize(width: 1, height: 1)).path(in: box).boundingRect,
                box.offsetBy(dx: 1, dy: 1)))
        // A quarter turn about the centre (30, 30) stands the box on end.
        #expect(
            same(
                Rectangle().rotation(.degrees(90)).path(in: box).boundingRect,
                CGRect(x: 20, y: 10, width: 20, height: 40), tolerance: 1e-9))
        // About the top-left corner, clockwise on the y-down canvas: the box turns to the left of it.
        #expect(
            same(
                Rectangle().rotation(.degrees(90), anchor: .topLeading).path(in: box).boundingRect,
                CGRect(x: -10, y: 20, width: 20, height: 40), tolerance: 1e-9))
        #expect(
            same(
                Rectangle().scale(2, anchor: .topLeading).path(in: box).boundingRect,
                CGRect(x: 10, y: 20, width: 80, height: 40)))
        #expect(
            same(
                Rectangle().scale(x: 0.5).path(in: box).boundingRect,
                CGRect(x: 20, y: 20, width: 20, height: 20)))
        let skew = CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0)
        #expect(Rectangle().transform(skew).path(in: box) == Path(box).applying(skew))
    }

    @Test func trimAndStrokeMakeShapesThatDrawAsTheContextWould() {
        let ring = CGRect(x: 10, y: 10, width: 60, height: 60)
        // A quarter of a circle's outline, stroked into a shape and filled, is the stroke the
        // context draws of the trimmed path, pixel for pixel.
        let asShape = Canvas { context, _ in
            context.fill(
                Circle().trim(from: 0, to: 0.25).stroke(lineWidth: 6).path(in: ring), with: .color(.white))
        }.rendered(width: 80, height: 80)
        let asStroke = Canvas { context, _ in
            context.stroke(
                Path(ellipseIn: ring).trimmedPath(from: 0, to: 0.25), with: .color(.white), lineWidth: 6)
        }.rendered(width: 80, height: 80)
        #expect(asShape.bytes == asStroke.bytes)
        let quarter = inkArea(width: 80, height: 80) { context, _ in
            context.fill(
                Circle().trim(from: 0, to: 0.25).stroke(lineWidth: 6).path(in: ring), with: .color(.white))
        }
        #expect(abs(quarter - 6 * Double.pi * 30 / 2) < 3)
        let dashed = Rectangle().stroke(StrokeStyle(lineWidth: 2, dash: [4, 4])).path(in: box)
        #expect(dashed.contains(CGPoint(x: 11, y: 20)))
        #expect(!dashed.contains(CGPoint(x: 15, y: 20)))
        #expect(!dashed.contains(CGPoint(x: 30, y: 30)))
    }

    @Test func pathsAndErasedShapesAreShapes() {
        let path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(path.path(in: box) == path)
        let shapes: [AnyShape] = [
            AnyShape(Circle()), AnyShape(Rectangle().rotation(.degrees(45))), AnyShape(path),
        ]
        #expect(shapes[0].path(in: box) == Circle().path(in: box))
        #expect(shapes[1].path(in: box) == Rectangle().rotation(.degrees(45)).path(in: box))
        #expect(shapes[2].path(in: box) == path)
        func outline(_ shape: some Shape) -> Path { shape.path(in: box) }
        #expect(outline(.rect) == Rectangle().path(in: box))
        #expect(outline(.circle) == Circle().path(in: box))
        #expect(outline(.ellipse) == Ellipse().path(in: box))
        #expect(outline(.capsule) == Capsule().path(in: box))
        #expect(outline(.capsule(style: .continuous)) == Capsule(style: .continuous).path(in: box))
        #expect(
            outline(.rect(cornerSize: CGSize(width: 3, height: 2)))
                == RoundedRectangle(cornerSize: CGSize(width: 3, height: 2)).path(in: box))
    }

    @Test func shapesCombineByTheirRegionsInTheSameRectangle() {
        let square = CGRect(x: 0, y: 0, width: 40, height: 40)
        // A ring: the circle less a smaller one, laid out in the same square.
        let ring = Circle().subtracting(Circle().scale(0.5))
        #expect(
            ring.path(in: square)
                == Circle().path(in: square).subtracting(Circle().scale(0.5).path(in: square)))
        #expect(ring.path(in: square).contains(CGPoint(x: 3, y: 20)))
        #expect(!ring.path(in: square).contains(CGPoint(x: 20, y: 20)))
        let lens = Circle().offset(x: -10).intersection(Circle().offset(x: 10))
        #expect(lens.path(in: square).contains(CGPoint(x: 20, y: 20)))
        #expect(!lens.path(in: square).contains(CGPoint(x: 4, y: 20)))
        #expect(Rectangle().union(Circle()).path(in: square).contains(CGPoint(x: 1, y: 1)))
        #expect(Rectangle().symmetricDifference(Circle()).path(in: square).contains(CGPoint(x: 1, y: 1)))
        #expect(!Rectangle().symmetricDifference(Circle()).path(in: square).contains(CGPoint(x: 20, y: 20)))
        // The square's sides against a circle of radius 24 about its middle: the middle 2·√176
        // of each side is inside, the ends outside.
        let inside = Rectangle().lineIntersection(Circle().scale(1.2)).path(in: square)
        let outside = Rectangle().lineSubtraction(Circle().scale(1.2)).path(in: square)
        // (Within the Bézier circle's own error, 0.027 % of its radius, at each of 8 crossings.)
        #expect(abs(MeasuredPath(inside).length - 8 * 176.0.squareRoot()) < 0.05)
        #expect(abs(MeasuredPath(outside).length - (160 - 8 * 176.0.squareRoot())) < 0.05)
        // Animates both shapes' numbers.
        let grown = RoundedRectangle(cornerRadius: 0).union(Rectangle().offset(x: 0))
            .interpolated(
                to: RoundedRectangle(cornerRadius: 8).union(Rectangle().offset(x: 10)), fraction: 0.5)
        #expect(grown.first.cornerSize.width == 4 && grown.second.offset.width == 5)
    }

    @Test func everyShapeIsAnimatable() {
        // A custom shape interpolates through its numbers without naming `Animatable`.
        #expect(Bar(height: 10).interpolated(to: Bar(height: 30), fraction: 0.25).height == 15)
        let halfTurned = Rectangle().rotation(.zero).interpolated(
            to: Rectangle().rotation(.degrees(90)), fraction: 0.5)
        #expect(abs(halfTurned.angle.degrees - 45) < 1e-9)
        let corners = RoundedRectangle(cornerRadius: 0).interpolated(
            to: RoundedRectangle(cornerRadius: 20), fraction: 0.5)
        #expect(corners.cornerSize == CGSize(width: 10, height: 10))
        let drawn = Circle().trim(from: 0, to: 0).interpolated(
            to: Circle().trim(from: 0, to: 1), fraction: 0.75)
        #expect(drawn.endFraction == 0.75)
        let moved = Bar(height: 0).offset(x: 0).interpolated(to: Bar(height: 8).offset(x: 10), fraction: 0.5)
        #expect(moved.shape.height == 4 && moved.offset.width == 5)
        let uneven = UnevenRoundedRectangle(topLeadingRadius: 0).interpolated(
            to: UnevenRoundedRectangle(topLeadingRadius: 10), fraction: 0.3)
        #expect(abs(uneven.cornerRadii.topLeading - 3) < 1e-12)
        #expect(Angle.degrees(0).interpolated(to: .degrees(180), fraction: 0.5) == .degrees(90))
        #expect(UnitPoint.topLeading.interpolated(to: .bottomTrailing, fraction: 0.5) == .center)
    }
}

/// `.foreground` paints with the context's foreground style: the canvas's, or black.
@Test func foregroundShadingIsTheContextsForegroundStyle() {
    let square = Path(CGRect(x: 0, y: 0, width: 4, height: 4))
    let red = Canvas { context, _ in
        context.fill(square, with: .foreground)
        context.stroke(Path(CGRect(x: 6, y: 1, width: 2, height: 2)), with: .foreground, lineWidth: 2)
    }.foregroundStyle(.red).rendered(width: 10, height: 4)
    #expect(red[1, 1] == Color.red.premultiplied)
    #expect(red[7, 2] == Color.red.premultiplied)
    let plain = Canvas { context, _ in context.fill(square, with: .foreground) }.rendered(width: 4, height: 4)
    #expect(plain[1, 1] == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
}

/// SwiftUI's screen hints port unchanged and draw the same picture.
@Test func canvasHintsPortAndChangeNothing() {
    func draw(_ context: inout GraphicsContext, _ size: CGSize) {
        context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.blue))
    }
    let plain = Canvas(renderer: draw).rendered(width: 12, height: 8)
    let hinted = Canvas(opaque: true, rendersAsynchronously: true, renderer: draw).rendered(
        width: 12, height: 8)
    #expect(plain.bytes == hinted.bytes)
    let withSymbols = Canvas(rendersAsynchronously: true) { context, size in
        draw(&context, size)
    } symbols: {
        CanvasSymbol(id: "dot", size: CGSize(width: 2, height: 2)) { _, _ in }
    }
    #expect(withSymbols.rendered(width: 12, height: 8).bytes == plain.bytes)
}
