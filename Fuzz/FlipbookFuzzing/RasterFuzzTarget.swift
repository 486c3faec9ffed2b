import FlipbookGeometry
import FlipbookRaster
import Foundation

/// Fuzz target: bytes read as drawing commands — a path of lines, curves and closes with
/// coordinates that include NaN, infinities and ±1e12, a transform, a fill rule and a stroke
/// style — filled and stroked into a small pixmap. Nothing may crash or hang, and every pixel
/// must stay validly premultiplied.
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
        let paint = Paint.solid(PremultipliedColor(red: 200, green: 100, blue: 50, alpha: 220))
        var pixmap = Pixmap(width: 40, height: 30)
        var rasterizer = Rasterizer()
        rasterizer.fill(path, transform: transform, rule: rule, paint: paint, opacity: 0.8, into: &pixmap)
        rasterizer.stroke(path, style: style, transform: transform, paint: paint, into: &pixmap)
        FuzzInvariants.checkPremultiplied(pixmap)
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
