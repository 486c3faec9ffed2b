import CPrefetch
import Foundation

/// A rectangle of premultiplied RGBA8 pixels in sRGB, rows top to bottom, no padding
/// (`bytesPerRow == width * 4`). Byte order R, G, B, A matches FFmpeg's `AV_PIX_FMT_RGBA`.
///
/// A value type with copy-on-write storage: a render worker owns its pixmap and reuses it frame
/// after frame. Large pixmaps ask for huge pages (`HugePages`).
public struct Pixmap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// The pixels, `height` rows of `width * 4` bytes.
    public var bytes: [UInt8]

    public var bytesPerRow: Int { width * 4 }

    /// A fully transparent pixmap; sizes below zero count as zero.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let count = self.width * self.height * 4
        // Advised for huge pages before the first touch, which is when the kernel picks them.
        bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            HugePages.advise(base, byteCount: count)
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }

    /// The pixel at column `x`, row `y` (both must be inside).
    public subscript(x: Int, y: Int) -> PremultipliedColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            return PremultipliedColor(
                red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2], alpha: bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            let i = (y * width + x) * 4
            (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) =
                (newValue.red, newValue.green, newValue.blue, newValue.alpha)
        }
    }

    /// Asks the processor to bring the pixels of `rows` × `columns` into its cache, for
    /// writing, when they are few: the rows of a small fill (a piece of confetti) lie 4 bytes ×
    /// `width` apart, so the processor's own prefetching cannot guess them, and when the fill
    /// composites its first span, the row's pixels were still on their way from memory (a fifth
    /// of the confetti sweep's time waited on that first load). Asked before the fill's edges
    /// are added, they have that long to arrive. A larger region is left alone: its pixels would
    /// evict one another before their use.
    @inline(__always)
    static func prefetch(rows: Range<Int>, columns: Range<Int>, of pixels: UnsafePointer<UInt8>, width: Int) {
        guard rows.count <= prefetchLimit, columns.count <= prefetchLimit else { return }
        let (first, last) = (columns.lowerBound &* 4, columns.upperBound &* 4 &- 1)
        var row = pixels + rows.lowerBound &* width &* 4
        for _ in rows {
            // The row's first pixel's cache line, and its last pixel's when that is another one.
            let (start, end) = (row + first, row + last)
            flipbook_prefetch_for_writing(start)
            if UInt(bitPattern: start) >> 6 != UInt(bitPattern: end) >> 6 {
                flipbook_prefetch_for_writing(end)
            }
            row += width &* 4
        }
    }

    /// The most rows, and columns, of a region that `prefetch` brings in.
    static let prefetchLimit = 48

    /// Sets every pixel to `color`. A colour whose four bytes are equal (transparent, opaque
    /// white) is one `memset`, which the C library does with the machine's widest stores.
    public mutating func clear(to color: PremultipliedColor = .transparent) {
        let word = color.packed
        bytes.withUnsafeMutableBufferPointer { buffer in
            if word == (word & 0xFF) &* 0x0101_0101, let base = buffer.baseAddress {
                memset(base, Int32(word & 0xFF), buffer.count)
            } else {
                buffer.withMemoryRebound(to: UInt32.self) { $0.update(repeating: word) }
            }
        }
    }

    /// Sets the pixels of `runs` (inside the pixmap) to `color`: how a rasterizer's
    /// `clearDrawn(in:to:)` clears only what the last frame painted.
    mutating func clear(to color: PremultipliedColor, runs: UnsafeBufferPointer<PixelRun>) {
        let word = color.packed
        let width = self.width
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { pixels in
                guard let base = pixels.baseAddress else { return }
                for run in runs {
                    Self.fill(base + run.row * width + run.start, count: run.end - run.start, with: word)
                }
            }
        }
    }

    /// Stores `word` into `count` pixels from `start`, four at a time: four stores, overlapping
    /// when the run is shorter than 16, then a loop for the rest, then the last four pixels.
    /// Runs of a stroke's width thus take no loop, whose end the general fill mispredicted for
    /// most of them.
    @inline(__always)
    private static func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with word: UInt32) {
        guard count >= 4 else {
            for i in 0..<count { start[i] = word }
            return
        }
        let four = SIMD4(repeating: word)
        let raw = UnsafeMutableRawPointer(start)
        let last = (count &- 4) &* 4
        for offset in [0, 16, 32, 48] {
            raw.storeBytes(of: four, toByteOffset: min(offset, last), as: SIMD4<UInt32>.self)
        }
        var offset = 64
        while offset < last {
            raw.storeBytes(of: four, toByteOffset: offset, as: SIMD4<UInt32>.self)
            offset &+= 16
        }
        raw.storeBytes(of: four, toByteOffset: last, as: SIMD4<UInt32>.self)
    }

    /// A copy of the pixels inside `bounds` (clamped to the pixmap), as a pixmap of their size.
    package func cropped(to bounds: PixelBounds) -> Pixmap {
        let columns = bounds.columns.clamped(to: 0..<width)
        let rows = bounds.rows.clamped(to: 0..<height)
        guard !columns.isEmpty, !rows.isEmpty else { return Pixmap(width: columns.count, height: rows.count) }
        let (width, rowBytes) = (self.width, columns.count * 4)
        // Each byte is written once, by the copy: the crop is not zeroed first (as a new
        // pixmap's are).
        let crop = [UInt8](unsafeUninitializedCapacity: rowBytes * rows.count) { target, initialized in
            bytes.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                HugePages.advise(to, byteCount: rowBytes * rows.count)
                for (index, row) in rows.enumerated() {
                    (to + index * rowBytes).initialize(
                        from: from + (row * width + columns.lowerBound) * 4, count: rowBytes)
                }
            }
            initialized = rowBytes * rows.count
        }
        return Pixmap(width: columns.count, height: rows.count, bytes: crop)
    }

    /// A pixmap of `bytes`, `height` rows of `width * 4`.
    private init(width: Int, height: Int, bytes: [UInt8]) {
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }

    /// Sets the pixels inside `bounds` to `color`. Clearing only what the last frame drew instead
    /// of the whole frame saves most of a sparse frame's memory traffic.
    package mutating func clear(to color: PremultipliedColor = .transparent, within bounds: PixelBounds) {
        let word = color.packed
        let columns = bounds.columns.clamped(to: 0..<width)
        guard !columns.isEmpty else { return }
        let width = self.width
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { pixels in
                guard let base = pixels.baseAddress else { return }
                for row in bounds.rows.clamped(to: 0..<height) {
                    (base + row * width + columns.lowerBound).update(repeating: word, count: columns.count)
                }
            }
        }
    }
}
