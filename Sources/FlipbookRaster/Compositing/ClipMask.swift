/// Per-pixel coverage (0…255) that limits where drawing lands: the anti-aliased intersection
/// of every clip shape in effect (`GraphicsContext.clip(to:)`), each possibly inverted.
///
/// As big as the pixmap it clips; `bounds` is where it is not zero, so that drawing can skip
/// everything outside it. Made by `Rasterizer.clipMask(…)`.
///
/// A value, held through one reference to storage that is copied before a shared one is
/// changed. One reference makes `ClipMask?` a pointer that may be null: every fill and stroke
/// passes one, nearly always `nil`, and a struct of several fields made each of those copies and
/// releases a call through the type's generic value witnesses (about 200 instructions per
/// confetti piece, 2.6 % of the scene).
package struct ClipMask: Hashable, Sendable {
    /// The mask's fields. Changed only when this mask holds the sole reference (`unique`), so
    /// sharing it between threads is safe.
    private final class Storage: @unchecked Sendable {
        let width: Int
        let height: Int
        var coverage: [UInt8]
        var bounds: PixelBounds?

        init(width: Int, height: Int, coverage: [UInt8], bounds: PixelBounds?) {
            (self.width, self.height, self.coverage, self.bounds) = (width, height, coverage, bounds)
        }
    }

    private var storage: Storage

    package var width: Int { storage.width }
    package var height: Int { storage.height }

    // Changed in place (`_modify`), so that writing one byte of `coverage` neither copies the
    // array nor holds a second reference to it while it is written.

    /// One byte per pixel, row by row.
    package var coverage: [UInt8] {
        get { storage.coverage }
        _modify { yield &unique().coverage }
    }

    /// Where coverage may be non-zero; `nil` when it is zero everywhere.
    package var bounds: PixelBounds? {
        get { storage.bounds }
        _modify { yield &unique().bounds }
    }

    /// A mask that lets everything through.
    package init(width: Int, height: Int) {
        let (width, height) = (max(width, 0), max(height, 0))
        storage = Storage(
            width: width, height: height, coverage: [UInt8](repeating: 255, count: width * height),
            bounds: width > 0 && height > 0 ? PixelBounds(columns: 0..<width, rows: 0..<height) : nil)
    }

    /// A mask of the given `coverage` (one byte per pixel, row by row), non-zero only inside
    /// `bounds`.
    package init(width: Int, height: Int, coverage: [UInt8], bounds: PixelBounds?) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height)
        storage = Storage(width: width, height: height, coverage: coverage, bounds: bounds)
    }

    package subscript(x: Int, y: Int) -> UInt8 { storage.coverage[y * width + x] }

    /// The coverage, zeroed inside `bounds` — so zero everywhere — and taken from this mask,
    /// for another (`Rasterizer.recycle`); `nil` when another mask shares it.
    mutating func clearedCoverage() -> [UInt8]? {
        guard isKnownUniquelyReferenced(&storage) else { return nil }
        var coverage: [UInt8] = []
        swap(&coverage, &storage.coverage)
        let (width, height) = (storage.width, storage.height)
        if let bounds = storage.bounds {
            let (columns, rows) = (bounds.columns.clamped(to: 0..<width), bounds.rows.clamped(to: 0..<height))
            coverage.withUnsafeMutableBufferPointer { coverage in
                guard let base = coverage.baseAddress else { return }
                for row in rows {
                    (base + row * width + columns.lowerBound).update(repeating: 0, count: columns.count)
                }
            }
        }
        storage.bounds = nil
        return coverage
    }

    /// The storage, copied first if another mask shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(width: width, height: height, coverage: coverage, bounds: bounds)
        }
        return storage
    }

    package static func == (lhs: ClipMask, rhs: ClipMask) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.width == rhs.width && lhs.height == rhs.height && lhs.bounds == rhs.bounds
                && lhs.coverage == rhs.coverage)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(bounds)
        hasher.combine(coverage)
    }
}
