/// Per-pixel coverage (0…255) that limits where drawing lands: the anti-aliased intersection
/// of every clip shape in effect (`GraphicsContext.clip(to:)`), each possibly inverted.
///
/// As big as the pixmap it clips; `bounds` is where it is not zero, so that drawing can skip
/// everything outside it. Made by `Rasterizer.clipMask(…)`.
public struct ClipMask: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var coverage: [UInt8]
    /// Where coverage may be non-zero; `nil` when it is zero everywhere.
    public var bounds: PixelBounds?

    /// A mask that lets everything through.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        coverage = [UInt8](repeating: 255, count: self.width * self.height)
        bounds =
            self.width > 0 && self.height > 0
            ? PixelBounds(columns: 0..<self.width, rows: 0..<self.height) : nil
    }

    public subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }
}
