import FlipbookGeometry

extension Path {
    /// The region this path fills (non-zero) grown by `amount` on every side, or shrunk where
    /// `amount` is negative: united with (or cut by) its outline stroked `2 × |amount|` wide
    /// with `join` — so corners grow mitred, round or bevelled as the join says, as offset
    /// paths (`op`) and mask expansion (`x`) draw them.
    func offset(by amount: Double, join: CGLineJoin = .round, miterLimit: Double = 4) -> Path {
        guard amount != 0, amount.isFinite, !isEmpty else { return self }
        let band = strokedPath(
            StrokeStyle(lineWidth: 2 * abs(amount), lineCap: .butt, lineJoin: join, miterLimit: miterLimit))
        return amount > 0 ? union(band) : subtracting(band)
    }
}
