/// The quantisation tables of a JPEG of a given quality on libjpeg's 0…100 scale, so that
/// `--quality 85` means what it means to every other tool that writes JPEG (libjpeg, Pillow,
/// ImageMagick, browsers' canvas): the example tables of the JPEG standard (ITU-T T.81, Annex K)
/// scaled by `5000 / quality` below 50 and `200 − 2 · quality` from 50, in percent, each entry
/// rounded and kept within 1…255.
///
/// libavcodec's MJPEG encoder takes them as custom intra matrices and multiplies them by its
/// quantiser scale over 8, so it runs at scale 8 to write them unchanged. Its DC step stays its
/// own, 8 (a block's mean to one code value), at every quality.
enum JPEGQuantization {
    /// The quantiser scale at which libavcodec writes the matrices as given.
    static let unitScale = 8

    /// The luma and chroma tables for `quality` (0…100; 0 counts as 1, as in libjpeg), in
    /// row-major order, as `AVCodecContext.intra_matrix` and `chroma_intra_matrix` take them.
    static func tables(quality: Double) -> (luma: [UInt16], chroma: [UInt16]) {
        let q = min(max(Int(quality.rounded()), 1), 100)
        let percent = q < 50 ? 5000 / q : 200 - 2 * q
        func scaled(_ base: [UInt16]) -> [UInt16] {
            base.map { UInt16(min(max((Int($0) * percent + 50) / 100, 1), 255)) }
        }
        return (scaled(luma), scaled(chroma))
    }

    /// T.81 table K.1, luminance, at quality 50.
    private static let luma: [UInt16] = [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ]

    /// T.81 table K.2, chrominance, at quality 50.
    private static let chroma: [UInt16] =
        [
            17, 18, 24, 47, 99, 99, 99, 99,
            18, 21, 26, 66, 99, 99, 99, 99,
            24, 26, 56, 99, 99, 99, 99, 99,
            47, 66, 99, 99, 99, 99, 99, 99,
        ] + Array(repeating: 99, count: 32)
}
