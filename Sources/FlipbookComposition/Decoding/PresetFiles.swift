import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookJSON
import Foundation

/// The files a preset may read, and how it names them: the security model of presets.
///
/// A preset names files — images, SVGs, video clips, sounds, fonts, caption files — by paths
/// relative to its own folder, or absolute. A template from elsewhere must not be able to read
/// any file of the machine and burn it into a video (`"captions": "../../.ssh/id_rsa"`), so a
/// file is read only when it lies inside one of the folders a render allows: the preset's own
/// folder, the working folder, and any folder the user adds (`--allow-read DIR`). The test is
/// made on real paths (`realpath(3)`): `..` and symbolic links that lead out are refused
/// wherever they are.
public struct PresetFiles: Sendable {
    /// The preset's folder, where relative names start ("" for the working folder).
    public let folder: String
    /// The real paths of the folders whose files may be read.
    private let readable: [String]
    /// The folders the user added, as given, for messages.
    private let added: [String]

    /// - Parameters:
    ///   - preset: the preset file's path (a bare name, standard input's among them, is in the
    ///     working folder).
    ///   - allowing: folders beyond the preset's own and the working folder (`--allow-read`).
    public init(preset: String, allowing: [String] = []) {
        folder = (preset as NSString).deletingLastPathComponent
        added = allowing
        readable = ([folder.isEmpty ? "." : folder, "."] + allowing).compactMap(RealPath.of)
    }

    /// The path of the file `name` that `field` gives: absolute as written, else in the preset's
    /// folder.
    /// - Throws: `PresetError` at `field` when the file lies outside every readable folder.
    package func path(_ name: String, at field: JSONField) throws(PresetError) -> String {
        let path = name.hasPrefix("/") || folder.isEmpty ? name : "\(folder)/\(name)"
        guard let real = RealPath.ofFileOrFolder(path),
            !readable.contains(where: { RealPath.lies(real, in: $0) })
        else { return path }
        let folders = ["the preset's folder", "the working folder"] + added
        var error = field.error(
            "cannot read \(name): it is outside the folders a preset may read (\(folders.joined(separator: ", ")))"
        )
        error.unreadableFolder = (real as NSString).deletingLastPathComponent
        throw error
    }
}
