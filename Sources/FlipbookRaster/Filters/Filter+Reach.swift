import FlipbookGeometry

extension Filter {
    /// How many pixels away the filter carries a pixel's colour: a blur's reach, a shadow's
    /// blur plus its offset. What a layer draws that far beyond the canvas can show on the
    /// canvas through the filter. Colour matrices and thresholds keep pixels where they are;
    /// a projection's reach has no bound and counts as 0 here (what a layer under one needs
    /// is found from its drawing instead: `DisplayList.overscan(of:width:height:)`).
    public var reach: Int {
        switch self {
        case .blur(let radius, let options):
            return GaussianBlur(radius: radius, options: options).reach
        case .inLinearLight(.blur(let radius, let options)):
            return GaussianBlur(radius: radius, linearLight: true, options: options).reach
        case .inLinearLight(let filter):
            return filter.reach
        case .shadow(_, let radius, let x, let y, _, _, _):
            let offset = max(abs(x), abs(y))
            guard offset.isFinite else { return 0 }
            return GaussianBlur(radius: radius).reach + Int(min(offset, 1e6).rounded(.up))
        case .colorMatrix, .alphaThreshold, .projection:
            return 0
        }
    }

    /// The filter for a picture moved `x`, `y` pixels: the same, but for a projection, which
    /// is conjugated by the move so that it sends each moved point where it sent the point
    /// before, moved.
    public func moved(x: Double, y: Double) -> Filter {
        switch self {
        case .projection(let transform):
            var back = ProjectionTransform()
            (back.m31, back.m32) = (-x, -y)
            var forth = ProjectionTransform()
            (forth.m31, forth.m32) = (x, y)
            return .projection(back.concatenating(transform).concatenating(forth))
        case .inLinearLight(let filter):
            return .inLinearLight(filter.moved(x: x, y: y))
        case .blur, .shadow, .colorMatrix, .alphaThreshold:
            return self
        }
    }
}
