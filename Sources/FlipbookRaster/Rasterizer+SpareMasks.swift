/// Coverage arrays for clip masks, lent zeroed and taken back.
///
/// Why: a clip mask is a byte per pixel of its canvas — 2 MB at 1080p — made anew for every
/// frame that draws under a matte or a mask, while it is non-zero only inside its bounds. A
/// new array is fresh pages the kernel must fault in and zero (10 % of the time of the Lottie
/// files with mattes); an array taken back is zeroed again only inside the bounds of the mask
/// that held it.
extension Rasterizer {
    /// The most spare arrays a rasterizer keeps: a mask, the masks it lies inside, a matte's.
    static let spareMaskLimit = 4

    /// `count` zeros: a spare array of that size, or a new one.
    package mutating func blankMaskCoverage(count: Int) -> [UInt8] {
        if let index = spareMaskCoverage.lastIndex(where: { $0.count == count }) {
            return spareMaskCoverage.remove(at: index)
        }
        return [UInt8](repeating: 0, count: count)
    }

    /// Takes back `mask`'s coverage to lend again, unless another mask still shares it; the
    /// mask is left empty.
    package mutating func recycle(_ mask: inout ClipMask) {
        guard let coverage = mask.clearedCoverage() else { return }
        if spareMaskCoverage.count >= Self.spareMaskLimit { spareMaskCoverage.removeFirst() }
        spareMaskCoverage.append(coverage)
    }
}
