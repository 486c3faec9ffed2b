/// A rectangle of pixels as half-open column and row ranges.
public struct PixelBounds: Hashable, Sendable {
    public var columns: Range<Int>
    public var rows: Range<Int>

    public init(columns: Range<Int>, rows: Range<Int>) {
        self.columns = columns
        self.rows = rows
    }

    /// The smallest bounds holding both (`other` may be `nil`).
    public func union(_ other: PixelBounds?) -> PixelBounds {
        guard let other else { return self }
        return PixelBounds(
            columns: min(
                columns.lowerBound, other.columns.lowerBound)..<max(
                    columns.upperBound, other.columns.upperBound),
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }
}

/// Compositing one pixmap onto another: how offscreen layers join the frame.
extension Pixmap {
    /// The smallest rectangle of rows and columns holding every pixel that is not fully
    /// transparent, as half-open ranges; `nil` when the pixmap is empty.
    public var paintedBounds: PixelBounds? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<height {
                let row = y * width * 4
                var first = -1
                var last = -1
                for x in 0..<width where bytes[row + x * 4 + 3] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                guard first >= 0 else { continue }
                minX = min(minX, first)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1))
    }

    /// Composites `layer` (same size) over this pixmap with source-over at `opacity` (0…1),
    /// touching only the pixels inside `bounds` (defaults to the whole pixmap).
    public mutating func composite(
        _ layer: Pixmap, opacity: Double = 1, within bounds: PixelBounds? = nil
    ) {
        guard layer.width == width, layer.height == height, opacity > 0 else { return }
        let factor = UInt32((min(opacity, 1) * 255).rounded())
        let area = bounds ?? PixelBounds(columns: 0..<width, rows: 0..<height)
        let width = self.width
        layer.bytes.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: UInt32.self) { source in
                bytes.withUnsafeMutableBufferPointer { destination in
                    destination.withMemoryRebound(to: UInt32.self) { destination in
                        for y in area.rows {
                            for x in area.columns {
                                let i = y * width + x
                                var pixel = source[i]
                                guard pixel >> 24 != 0 else { continue }
                                if factor < 255 { pixel = SourceOver.scale(pixel, by: factor) }
                                destination[i] =
                                    pixel >> 24 == 255 ? pixel : SourceOver.blend(pixel, over: destination[i])
                            }
                        }
                    }
                }
            }
        }
    }
}
