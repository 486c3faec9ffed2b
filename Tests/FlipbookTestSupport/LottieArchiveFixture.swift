import Foundation

/// Zip archives written by Python's `zipfile` (an independent writer), and hostile ones made
/// from them by patching their headers.
public enum LottieArchiveFixture {
    /// The bytes of a zip archive of `members` (name → bytes), deflated.
    public static func zip(_ members: [(String, Data)]) throws -> [UInt8] {
        let folder = TemporaryDirectory()
        let path = folder.path("a.zip")
        let list = members.map { [$0.0, $0.1.base64EncodedString()] }
        // Through a file: a zip bomb's megabytes are more than a command line holds.
        let json = folder.path("members.json")
        try JSONSerialization.data(withJSONObject: list).write(to: URL(fileURLWithPath: json))
        let script = """
            import sys, json, zipfile, base64
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
                for name, data in json.load(open(sys.argv[2])):
                    archive.writestr(name, base64.b64decode(data))
            print("[]")
            """
        _ = try IndependentDecoder.json(script, [path, json])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A `.lottie` archive: a manifest listing `animations` (id → JSON text), the active one
    /// `active`, and `images` (name → bytes) in `images/`.
    public static func dotLottie(
        animations: [(String, String)], active: String? = nil, images: [(String, Data)] = []
    ) throws -> [UInt8] {
        let ids = animations.map { #"{"id": "\#($0.0)"}"# }.joined(separator: ", ")
        let manifest =
            #"{"version": "1", "animations": [\#(ids)]\#(active.map { #", "activeAnimationId": "\#($0)""# } ?? "")}"#
        return try zip(
            [("manifest.json", Data(manifest.utf8))]
                + animations.map { ("animations/\($0.0).json", Data($0.1.utf8)) }
                + images.map { ("images/\($0.0)", $0.1) })
    }

    /// `archive` with every occurrence of its first member's uncompressed size (in its local
    /// header and its central directory entry) set to `size`: a zip bomb's lie.
    public static func declaring(_ archive: [UInt8], size: UInt32) -> [UInt8] {
        var bytes = archive
        let little = withUnsafeBytes(of: size.littleEndian, Array.init)
        // The local header's size is at 22, the central directory entry's at 24.
        for (signature, at) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 22), ([0x50, 0x4B, 0x01, 0x02], 24)] {
            guard
                let offset = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == signature }
                )
            else { continue }
            bytes.replaceSubrange((offset + at)..<(offset + at + 4), with: little)
        }
        return bytes
    }
}
