extension Pixmap {
    /// A pixmap from premultiplied B, G, R, A rows — the layout of cairo's ARGB32 surfaces and
    /// FreeType's colour glyphs on little-endian machines — reordered to R, G, B, A.
    public init(premultipliedBGRA source: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) {
        self.init(width: width, height: height)
        bytes.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let row = source + y * bytesPerRow
                for x in 0..<width {
                    let (from, to) = (row + x * 4, (y * width + x) * 4)
                    target[to] = from[2]
                    target[to + 1] = from[1]
                    target[to + 2] = from[0]
                    target[to + 3] = from[3]
                }
            }
        }
    }
}
