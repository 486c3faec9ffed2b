import Foundation

/// The top-level boxes ("atoms") of an MP4 file, in file order — enough to check that `moov`
/// comes before `mdat` (faststart) without trusting the muxer that wrote it.
public enum MP4Atoms {
    public static func topLevel(path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var names: [String] = []
        var offset = 0
        while offset + 8 <= data.count {
            let size32 = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let name = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            var size = size32
            if size32 == 1, offset + 16 <= data.count {
                size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size32 == 0 {
                size = data.count - offset
            }
            names.append(name)
            guard size >= 8 else { break }
            offset += size
        }
        return names
    }
}
