extension Filter {
    /// The most memory applying the filter to a `width` × `height` canvas takes beside the
    /// canvas itself, in bytes, for the memory budget (`MemoryEstimate`).
    ///
    /// - A blur works in a buffer of four 32-bit channels a pixel (16 bytes) over the canvas
    ///   grown by its reach, and writes each pass into a second one (`BlurBuffer`): 32 bytes a
    ///   pixel, eight times the canvas. A wide blur works on a picture averaged down by its
    ///   `downsampling` factor k, a k²-th of that, and stretches it back row by row in a buffer
    ///   of four floats per full-width pixel of each small row.
    /// - A shadow draws its silhouette on a scratch canvas of the canvas's size and blurs it
    ///   there; a projection draws the moved picture on a scratch canvas.
    /// - Colour matrices and alpha thresholds work in place.
    public func workingBytes(width: Int, height: Int) -> Int {
        switch self {
        case .blur(let radius, _):
            return Self.blurBytes(GaussianBlur(radius: radius), width: width, height: height)
        case .inLinearLight(.blur(let radius, _)):
            return Self.blurBytes(
                GaussianBlur(radius: radius, linearLight: true), width: width, height: height)
        case .inLinearLight(let filter):
            return filter.workingBytes(width: width, height: height)
        case .shadow(_, let radius, _, _, _, _, _):
            return MemoryEstimate.canvasBytes(width: width, height: height)
                + Self.blurBytes(GaussianBlur(radius: radius), width: width, height: height)
        case .projection:
            return MemoryEstimate.canvasBytes(width: width, height: height)
        case .colorMatrix, .alphaThreshold:
            return 0
        }
    }

    /// The buffers of `blur` over a `width` × `height` canvas grown by its reach.
    private static func blurBytes(_ blur: GaussianBlur, width: Int, height: Int) -> Int {
        guard blur.radius.isFinite, blur.radius > 0.2 else { return 0 }
        let reach = min(blur.reach, blur.linearLight ? GaussianBlur.linearLightMargin : blur.reach)
        let (columns, rows) = (width + 2 * reach, height + 2 * reach)
        let pixels = MemoryEstimate.Item.product(columns, rows)
        guard !blur.linearLight, let factor = blur.downsampling else {
            return MemoryEstimate.Item.product(pixels, 32)
        }
        let small = pixels / (factor * factor)
        return MemoryEstimate.Item.product(small, 32)
            + MemoryEstimate.Item.product(columns * (rows / factor + 1), 16)
    }
}
