import FlipbookGeometry
import FlipbookRaster
import Foundation

/// Fuzz target: bytes read as drawing commands — a path of lines, curves and closes with
/// coordinates that include NaN, infinities and ±1e12, a transform, a fill rule, a stroke style,
/// a paint (solid, gradient of any kind and spread, image), a blend mode, a clip (possibly
/// inverted), a set operation with an ellipse, and a filter — filled and stroked into a small
/// pixmap. Nothing may crash or hang, and every pixel must stay validly premultiplied.
public enum RasterFuzzTarget {
    public static func run(_ bytes: UnsafeRawBufferPointer) {
        var reader = FuzzReader(bytes)
        var path = Path()
        let elementCount = Int(reader.byte() % 48)
        for _ in 0..<elementCount {
            switch reader.byte() % 6 {
            case 0: path.move(to: reader.point())
            case 1, 2: path.addLine(to: reader.point())
            case 3: path.addQuadCurve(to: reader.point(), control: reader.point())
            case 4: path.addCurve(to: reader.point(), control1: reader.point(), control2: reader.point())
            default: path.closeSubpath()
            }
        }
        let transform = CGAffineTransform(
            a: reader.scalar(), b: reader.scalar(), c: reader.scalar(), d: reader.scalar(),
            tx: reader.scalar(),
            ty: reader.scalar())
        let rule: FillRule = reader.byte() % 2 == 0 ? .nonZero : .evenOdd
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        let dashCount = Int(reader.byte() % 4)
        let style = StrokeStyle(
            lineWidth: reader.scalar(), lineCap: caps[Int(reader.byte()) % 3],
            lineJoin: joins[Int(reader.byte()) % 3],
            miterLimit: reader.scalar(), dash: (0..<dashCount).map { _ in reader.scalar() },
            dashPhase: reader.scalar())
        let paint = Self.paint(&reader)
        let blendMode = BlendMode.allCases[Int(reader.byte()) % BlendMode.allCases.count]
        var pixmap = Pixmap(width: 40, height: 30)
        pixmap.clear(to: PremultipliedColor(red: 10, green: 80, blue: 120, alpha: reader.byte()))
        var rasterizer = Rasterizer()
        var clip: ClipMask?
        if reader.byte() % 2 == 0 {
            let clipPath = Path(
                ellipseIn: CGRect(
                    origin: reader.point(), size: CGSize(width: reader.scalar(), height: reader.scalar())))
            clip = rasterizer.clipMask(
                clipPath, transform: transform, rule: rule, inverse: reader.byte() % 2 == 0, width: 40,
                height: 30)
        }
        rasterizer.fill(
            path, transform: transform, rule: rule, paint: paint, opacity: 0.8, blendMode: blendMode,
            clip: clip,
            into: &pixmap)
        rasterizer.stroke(
            path, style: style, transform: transform, paint: paint, blendMode: blendMode, into: &pixmap)
        // A set operation of the path with an ellipse from the bytes must end, and fill.
        let other = Path(
            ellipseIn: CGRect(
                origin: reader.point(), size: CGSize(width: reader.scalar(), height: reader.scalar())))
        let eoFill = rule == .evenOdd
        let operations: [(Path, Path) -> Path] = [
            { $0.union($1, eoFill: eoFill) }, { $0.intersection($1, eoFill: eoFill) },
            { $0.subtracting($1, eoFill: eoFill) }, { $0.symmetricDifference($1, eoFill: eoFill) },
            { a, _ in a.normalized(eoFill: eoFill) }, { $0.lineIntersection($1, eoFill: eoFill) },
            { $0.lineSubtraction($1, eoFill: eoFill) },
        ]
        let combined = operations[Int(reader.byte()) % operations.count](path, other)
        rasterizer.fill(
            combined, transform: transform, rule: .nonZero, paint: paint, opacity: 0.5, blendMode: blendMode,
            clip: nil, into: &pixmap)
        _ = pixmap.apply(Self.filter(&reader), within: PixelBounds(columns: 0..<40, rows: 0..<30))
        FuzzInvariants.checkPremultiplied(pixmap)
    }

    private static func paint(_ reader: inout FuzzReader) -> Paint {
        let stops = (0..<Int(reader.byte() % 5)).map { _ in
            GradientPaint.Stop(
                red: reader.scalar(), green: reader.scalar(), blue: reader.scalar(), opacity: reader.scalar(),
                location: reader.scalar())
        }
        let spreads: [GradientPaint.Spread] = [.pad, .repeat, .mirror]
        let spread = spreads[Int(reader.byte()) % 3]
        switch reader.byte() % 5 {
        case 0:
            return .gradient(
                GradientPaint(
                    stops: stops, geometry: .linear(start: reader.point(), end: reader.point()),
                    spread: spread))
        case 1:
            return .gradient(
                GradientPaint(
                    stops: stops,
                    geometry: .radial(
                        center: reader.point(), startRadius: reader.scalar(), endRadius: reader.scalar()),
                    spread: spread))
        case 2:
            return .gradient(
                GradientPaint(
                    stops: stops,
                    geometry: .conic(
                        center: reader.point(), startAngle: reader.scalar(), endAngle: reader.scalar()),
                    spread: spread))
        case 3:
            var tile = Pixmap(width: 3, height: 2)
            tile.clear(to: PremultipliedColor(red: 90, green: 40, blue: 200, alpha: 200))
            let placement = CGAffineTransform(
                a: reader.scalar(), b: reader.scalar(), c: reader.scalar(), d: reader.scalar(),
                tx: reader.scalar(),
                ty: reader.scalar())
            return .image(
                ImagePaint(image: RasterImage(tile), transform: placement, tiled: reader.byte() % 2 == 0))
        default:
            return .solid(PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 220))
        }
    }

    private static func filter(_ reader: inout FuzzReader) -> Filter {
        let color = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 128)
        switch reader.byte() % 5 {
        case 0:
            return .blur(
                radius: reader.scalar(), options: Filter.BlurOptions(rawValue: UInt32(reader.byte() % 4)))
        case 1:
            let placements: [Filter.ShadowPlacement] = [.below, .above, .only]
            return .shadow(
                color: color, radius: reader.scalar(), x: reader.scalar(), y: reader.scalar(),
                placement: placements[Int(reader.byte()) % 3],
                blendMode: BlendMode.allCases[Int(reader.byte()) % BlendMode.allCases.count],
                invertsAlpha: reader.byte() % 2 == 0)
        case 2: return .colorMatrix(ColorMatrix((0..<20).map { _ in reader.scalar() }))
        case 3:
            var projection = ProjectionTransform()
            (projection.m11, projection.m12, projection.m13) = (
                reader.scalar(), reader.scalar(), reader.scalar()
            )
            (projection.m21, projection.m22, projection.m23) = (
                reader.scalar(), reader.scalar(), reader.scalar()
            )
            (projection.m31, projection.m32, projection.m33) = (
                reader.scalar(), reader.scalar(), reader.scalar()
            )
            return .projection(projection)
        default: return .alphaThreshold(minimum: reader.scalar(), maximum: reader.scalar(), color: color)
        }
    }
}

/// Reads values from fuzz input, returning zeros once it runs out.
struct FuzzReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A coordinate: mostly ordinary values in about ±64, sometimes the hostile ones.
    mutating func scalar() -> Double {
        switch byte() {
        case 0xFF: return .nan
        case 0xFE: return .infinity
        case 0xFD: return -.infinity
        case 0xFC: return 1e12
        case 0xFB: return -1e12
        case 0xFA: return .greatestFiniteMagnitude
        case 0xF9: return 0
        default:
            let high = Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))
            return Double(high) / 256
        }
    }

    mutating func point() -> CGPoint {
        CGPoint(x: scalar(), y: scalar())
    }
}

/// Checks that must hold for every rendered pixmap.
enum FuzzInvariants {
    /// Every colour channel is at most its pixel's alpha (valid premultiplied colour).
    static func checkPremultiplied(_ pixmap: Pixmap) {
        for pixel in stride(from: 0, to: pixmap.bytes.count, by: 4) {
            let alpha = pixmap.bytes[pixel + 3]
            precondition(
                pixmap.bytes[pixel] <= alpha && pixmap.bytes[pixel + 1] <= alpha
                    && pixmap.bytes[pixel + 2] <= alpha,
                "pixel \(pixel / 4) is not validly premultiplied")
        }
    }
}
