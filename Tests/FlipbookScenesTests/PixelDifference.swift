import FlipbookRaster

/// How far two frames of equal size are apart, in the figures the benchmark's fidelity rows
/// and the speed issues' "peer band" use: the mean absolute difference per channel value, the
/// share of pixels with some channel more than 16 code values apart, and the largest
/// difference of any channel.
struct PixelDifference {
    var mean: Double
    var shareOffBy16: Double
    var largest: Int

    init(_ a: [UInt8], _ b: [UInt8]) {
        precondition(a.count == b.count && a.count % 4 == 0, "frames of different sizes")
        var (total, off, largest) = (0, 0, 0)
        for pixel in stride(from: 0, to: a.count, by: 4) {
            var worst = 0
            for channel in 0..<4 {
                let difference = abs(Int(a[pixel + channel]) - Int(b[pixel + channel]))
                total += difference
                worst = max(worst, difference)
            }
            if worst > 16 { off += 1 }
            largest = max(largest, worst)
        }
        mean = Double(total) / Double(max(a.count, 1))
        shareOffBy16 = Double(off) / Double(max(a.count / 4, 1))
        self.largest = largest
    }

    /// Within the band the speed issues allow against Cairo and Skia: a mean of at most 0.13
    /// code values per channel, and fewer than 0.2 % of pixels off by more than 16.
    var isWithinPeerBand: Bool { mean <= 0.13 && shareOffBy16 < 0.002 }
}
