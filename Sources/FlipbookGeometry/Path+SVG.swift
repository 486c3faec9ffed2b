import Foundation

/// Paths from SVG path data (`d` attributes: `"M10 10 h 80 v 80 Z"`), as SVG 1.1 §8.3 defines
/// it: absolute and relative move, line, horizontal, vertical, cubic and quadratic Béziers with
/// their smooth forms, elliptical arcs and close; numbers separated by spaces or commas, or by
/// nothing where the grammar allows (`"M0-5.5.5"`), commands repeated implicitly.
extension Path {
    /// Why path data could not be read: what was wrong, and at which character (from 0).
    public struct SVGDataError: Error, Hashable, Sendable, CustomStringConvertible {
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at character \(offset + 1)" }
    }

    /// The path `data` describes.
    /// - Throws: `SVGDataError` for an unknown command, a missing or malformed number, or data
    ///   that does not start with a move.
    public init(svgData data: String) throws(SVGDataError) {
        var reader = SVGPathReader(Array(data.utf8))
        self = try reader.read()
    }
}

/// The SVG path data grammar, read one command at a time.
private struct SVGPathReader {
    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The last command's second control point (cubic) or control point (quadratic), which the
    /// smooth forms reflect.
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read() throws(Path.SVGDataError) -> Path {
        skipSeparators()
        guard index < bytes.count else { return path }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw fail("path data must start with a move (M or m)")
        }
        while index < bytes.count {
            let command = bytes[index]
            index += 1
            try perform(command)
            skipSeparators()
        }
        return path
    }

    private mutating func perform(_ command: UInt8) throws(Path.SVGDataError) {
        let relative = command >= UInt8(ascii: "a")
        let letter = relative ? command - 32 : command
        var first = true
        repeat {
            try performOnce(letter, relative: relative, first: first)
            first = false
            skipSeparators()
        } while letter != UInt8(ascii: "Z") && startsNumber()
    }

    private mutating func performOnce(_ letter: UInt8, relative: Bool, first: Bool) throws(Path.SVGDataError)
    {
        let origin = relative ? current : .zero
        func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: origin.x + x, y: origin.y + y) }
        var cubicControl: CGPoint?
        var quadControl: CGPoint?
        switch letter {
        case UInt8(ascii: "M"):
            let target = point(try number(), try number())
            if first {
                path.move(to: target)
                subpathStart = target
            } else {
                path.addLine(to: target)  // pairs after a move are implicit lines
            }
            current = target
        case UInt8(ascii: "L"):
            current = point(try number(), try number())
            path.addLine(to: current)
        case UInt8(ascii: "H"):
            current = CGPoint(x: (relative ? current.x : 0) + (try number()), y: current.y)
            path.addLine(to: current)
        case UInt8(ascii: "V"):
            current = CGPoint(x: current.x, y: (relative ? current.y : 0) + (try number()))
            path.addLine(to: current)
        case UInt8(ascii: "C"):
            let c1 = point(try number(), try number())
            let c2 = point(try number(), try number())
            current = point(try number(), try number())
            path.addCurve(to: current, control1: c1, control2: c2)
            cubicControl = c2
        case UInt8(ascii: "S"):
            let c1 = reflected(lastCubicControl)
            let c2 = point(try number(), try number())
            current = point(try number(), try number())
            path.addCurve(to: current, control1: c1, control2: c2)
            cubicControl = c2
        case UInt8(ascii: "Q"):
            let control = point(try number(), try number())
            current = point(try number(), try number())
            path.addQuadCurve(to: current, control: control)
            quadControl = control
        case UInt8(ascii: "T"):
            let control = reflected(lastQuadControl)
            current = point(try number(), try number())
            path.addQuadCurve(to: current, control: control)
            quadControl = control
        case UInt8(ascii: "A"):
            let (rx, ry, rotation) = (abs(try number()), abs(try number()), try number())
            let large = try flag()
            let sweep = try flag()
            let target = point(try number(), try number())
            addArc(to: target, rx: rx, ry: ry, rotation: rotation * .pi / 180, large: large, sweep: sweep)
            current = target
        case UInt8(ascii: "Z"):
            path.closeSubpath()
            current = subpathStart
        default:
            index -= 1
            throw fail("unknown path command \"\(Character(Unicode.Scalar(bytes[index])))\"")
        }
        (lastCubicControl, lastQuadControl) = (cubicControl, quadControl)
    }

    /// The reflection of `control` about the current point, or the current point itself.
    private func reflected(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    /// An elliptical arc from the current point (SVG 1.1 appendix F.6: endpoint to centre
    /// parameterisation), drawn as a unit-circle arc mapped onto the ellipse.
    private mutating func addArc(
        to target: CGPoint, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool
    ) {
        guard rx > 0, ry > 0, target != current else {
            if target != current { path.addLine(to: target) }
            return
        }
        let (cosPhi, sinPhi) = (cos(rotation), sin(rotation))
        let dx = (current.x - target.x) / 2
        let dy = (current.y - target.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        var (rx, ry) = (rx, ry)
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(numerator, 0) / denominator).squareRoot()
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let center = CGPoint(
            x: cosPhi * cx1 - sinPhi * cy1 + (current.x + target.x) / 2,
            y: sinPhi * cx1 + cosPhi * cy1 + (current.y + target.y) / 2)
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let start = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - start
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        let ellipse = CGAffineTransform(scaleX: rx, y: ry)
            .concatenating(CGAffineTransform(rotationAngle: rotation))
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
        path.addRelativeArc(
            center: .zero, radius: 1, startAngle: .radians(start), delta: .radians(delta), transform: ellipse)
    }

    private mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
    }

    private func startsNumber() -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".")
    }

    /// An arc flag: a single 0 or 1, which may run into the next number (`a1 1 0 00 10 10`).
    private mutating func flag() throws(Path.SVGDataError) -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else {
            throw fail("expected an arc flag (0 or 1)")
        }
        index += 1
        return bytes[index - 1] == 0x31
    }

    /// A number: sign, digits, fraction, exponent.
    private mutating func number() throws(Path.SVGDataError) -> Double {
        skipSeparators()
        let start = index
        func digits() -> Bool {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index > from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        var any = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            any = digits() || any
        }
        if any, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if !digits() { index = mark }
        }
        guard any, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite
        else {
            index = start
            throw fail("expected a number")
        }
        return value
    }

    private func fail(_ message: String) -> Path.SVGDataError {
        Path.SVGDataError(offset: index, message: message)
    }
}
