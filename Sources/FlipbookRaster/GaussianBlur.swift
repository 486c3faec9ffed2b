/// Gaussian blur approximated by three successive box blurs per direction, as SVG's
/// `feGaussianBlur` specifies: box width `d = ⌊σ · 3√(2π)/4 + ½⌋`; for odd `d` three centred
/// boxes, for even `d` two boxes offset half a pixel left and right and one of `d + 1`.
///
/// `radius` is the standard deviation σ in pixels (Core Image's `inputRadius`, which SwiftUI's
/// blur passes on). The result matches a true Gaussian to within about 3 % of the peak; total
/// alpha is kept up to rounding (one code value per pixel at most) as long as the blurred area
/// stays inside the pixmap — beyond its edges, colour is lost as it would be off screen.
/// Works on premultiplied values, so colours do not bleed from transparent pixels.
public struct GaussianBlur: Sendable {
    public let radius: Double

    public init(radius: Double) {
        self.radius = radius
    }

    /// The box widths of the three passes and each one's offset of its window start.
    var boxes: [(width: Int, lead: Int)] {
        guard radius.isFinite, radius > 0 else { return [] }
        let d = Int((min(radius, 500) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, d / 2), count: 3) }
        return [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
    }

    /// Blurs the pixels of `pixmap` within `bounds` (everything else transparent); returns the
    /// grown bounds.
    public func apply(to pixmap: inout Pixmap, within bounds: PixelBounds) -> PixelBounds? {
        let boxes = self.boxes
        guard !boxes.isEmpty else { return bounds }
        let spread = boxes.reduce(0) { $0 + $1.width }
        let region = PixelBounds(
            columns: (bounds.columns.lowerBound - spread)..<(bounds.columns.upperBound + spread),
            rows: (bounds.rows.lowerBound - spread)..<(bounds.rows.upperBound + spread)
        ).intersection(PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height))
        guard let region else { return nil }
        let (width, height) = (region.columns.count, region.rows.count)
        // Channels as integers scaled by 2^8, so three passes round once per pass in fine steps.
        var buffer = [Int32](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width {
                let pixel = pixmap[region.columns.lowerBound + column, region.rows.lowerBound + row]
                let i = (row * width + column) * 4
                buffer[i] = Int32(pixel.red) << 8
                buffer[i + 1] = Int32(pixel.green) << 8
                buffer[i + 2] = Int32(pixel.blue) << 8
                buffer[i + 3] = Int32(pixel.alpha) << 8
            }
        }
        var line = [Int32](repeating: 0, count: max(width, height) * 4)
        for box in boxes {
            for row in 0..<height {
                Self.pass(&buffer, start: row * width * 4, step: 4, count: width, box: box, scratch: &line)
            }
        }
        for box in boxes {
            for column in 0..<width {
                Self.pass(
                    &buffer, start: column * 4, step: width * 4, count: height, box: box, scratch: &line)
            }
        }
        for row in 0..<height {
            for column in 0..<width {
                let i = (row * width + column) * 4
                func byte(_ value: Int32) -> UInt8 { UInt8(max(0, min(255, (value + 128) >> 8))) }
                pixmap[region.columns.lowerBound + column, region.rows.lowerBound + row] = PremultipliedColor(
                    red: byte(buffer[i]), green: byte(buffer[i + 1]), blue: byte(buffer[i + 2]),
                    alpha: byte(buffer[i + 3]))
            }
        }
        return region
    }

    /// One box pass over `count` pixels from `start`, `step` values apart: each becomes the mean
    /// of the `box.width` pixels starting `box.lead` before it (outside is zero).
    private static func pass(
        _ buffer: inout [Int32], start: Int, step: Int, count: Int, box: (width: Int, lead: Int),
        scratch: inout [Int32]
    ) {
        for i in 0..<count {
            for channel in 0..<4 { scratch[i * 4 + channel] = buffer[start + i * step + channel] }
        }
        let divisor = Int64(box.width)
        for channel in 0..<4 {
            var sum: Int64 = 0
            // Window of output i: inputs i − lead … i − lead + width − 1.
            for j in 0..<min(count, box.width - box.lead) { sum += Int64(scratch[j * 4 + channel]) }
            for i in 0..<count {
                buffer[start + i * step + channel] = Int32((sum + divisor / 2) / divisor)
                let entering = i - box.lead + box.width
                let leaving = i - box.lead
                if entering < count { sum += Int64(scratch[entering * 4 + channel]) }
                if leaving >= 0 { sum -= Int64(scratch[leaving * 4 + channel]) }
            }
        }
    }
}
