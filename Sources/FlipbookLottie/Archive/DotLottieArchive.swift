import FlipbookJSON

/// A `.lottie` file (dotLottie): a zip archive of a `manifest.json` listing its animations,
/// each at `animations/ID.json` (`a/ID.json` in version 2), and the pictures they use in
/// `images/` (`i/`).
public struct DotLottieArchive: Sendable {
    private let zip: ZipArchive
    /// The animations' ids in the manifest's order.
    public let animationIDs: [String]
    /// The one the manifest says plays first (`activeAnimationId`, or version 2's
    /// `initial.animation`), else the first.
    public let activeID: String

    /// Whether `bytes` begin as a zip archive does: what tells a `.lottie` file by its content.
    public static func isArchive(_ bytes: some Collection<UInt8>) -> Bool {
        ZipArchive.looksLikeZip(bytes)
    }

    public init(bytes: [UInt8], limits: LottieLimits = LottieLimits()) throws(LottieArchiveError) {
        zip = try ZipArchive(bytes: bytes, limits: limits)
        var ids: [String] = []
        var active: String?
        if zip.members["manifest.json"] != nil {
            let text = String(decoding: try zip.data("manifest.json"), as: UTF8.self)
            guard let manifest = try? JSONField(value: JSONParser.parse(text), file: "manifest.json") else {
                throw LottieArchiveError(message: "its manifest.json is not JSON")
            }
            if let animations = manifest.member("animations"), case .array(let items) = animations.value.kind
            {
                ids = items.compactMap { JSONField(value: $0, file: "manifest.json").text("id") }
            }
            active = manifest.text("activeAnimationId") ?? manifest.member("initial")?.text("animation")
        }
        if ids.isEmpty {
            // No manifest (or one listing nothing): the animations the archive holds, by name.
            ids = zip.names.compactMap { name in
                for folder in ["animations/", "a/"] where name.hasPrefix(folder) && name.hasSuffix(".json") {
                    return String(name.dropFirst(folder.count).dropLast(5))
                }
                return nil
            }
        }
        guard let first = ids.first else {
            throw LottieArchiveError(message: "holds no animation (no animations/NAME.json)")
        }
        animationIDs = ids
        activeID = active.flatMap { ids.contains($0) ? $0 : nil } ?? first
    }

    /// The JSON text of the animation `id` (the active one when `nil`), with its member's name.
    public func animation(_ id: String? = nil) throws(LottieArchiveError) -> (member: String, text: String) {
        let id = id ?? activeID
        guard animationIDs.contains(id) else {
            let hint =
                DidYouMean.closest(to: id, among: animationIDs).map { "; did you mean \"\($0)\"?" } ?? ""
            let known = animationIDs.map { "\"\($0)\"" }.joined(separator: ", ")
            throw LottieArchiveError(message: "has no animation \"\(id)\"\(hint) (its animations: \(known))")
        }
        guard let member = ["animations/\(id).json", "a/\(id).json"].first(where: { zip.members[$0] != nil })
        else {
            throw LottieArchiveError(message: "lists animation \"\(id)\" but holds no animations/\(id).json")
        }
        return (member, String(decoding: try zip.data(member), as: UTF8.self))
    }

    /// The bytes of the picture an image asset names (`u` + `p`, as `/images/img_0.png`): the
    /// member of that name, or of its file name in `images/` (`i/`); `nil` when it holds none.
    public func picture(_ name: String) throws(LottieArchiveError) -> [UInt8]? {
        let relative = name.drop { $0 == "/" || $0 == "." }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let candidates = [String(relative), "images/\(file)", "i/\(file)"]
        guard let member = candidates.first(where: { zip.members[$0] != nil }) else { return nil }
        return try zip.data(member)
    }
}
