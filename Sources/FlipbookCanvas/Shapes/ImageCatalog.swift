import FlipbookGeometry
import Foundation
import Synchronization

/// The named pictures `Image("name")` draws, as an app's asset catalog: the files of a folder,
/// found by name with or without extension (`logo` finds `logo.png`, `logo.svg`, …). Set it on
/// a canvas — `Canvas { … }.environment(\.imageCatalog, ImageCatalog(folder: "Assets"))` — or
/// give the folder to an export; the `Flipbook` module's `ImageCatalog(folder:)` reads PNG,
/// JPEG, WebP and SVG.
///
/// Each file is decoded once and shared by every frame and thread. An unknown name draws
/// nothing and warns once, as SwiftUI logs a missing asset.
public struct ImageCatalog: Sendable {
    /// The folder searched; `nil` for the empty catalog.
    public let folder: URL?
    /// Decodes one file into an image.
    private let decode: (@Sendable (URL) throws -> Image)?
    private let images = Store()

    /// The extensions tried, in order, after the name as given.
    public static let extensions = ["png", "jpg", "jpeg", "webp", "svg"]

    /// The empty catalog: every name is missing.
    public init() {
        folder = nil
        decode = nil
    }

    /// The pictures in `folder`, decoded by `decode`.
    public init(folder: URL, decode: @escaping @Sendable (URL) throws -> Image) {
        self.folder = folder
        self.decode = decode
    }

    /// The picture named `name`, or `nil` (with a warning) when the folder has none or it
    /// cannot be decoded.
    public func image(named name: String) -> Image? {
        guard let folder, let decode else {
            WarningSink.current.report(
                .missingImage, "no image named \"\(name)\": no image catalog is set (see ImageCatalog)")
            return nil
        }
        return images.image(named: name) {
            let candidates = [name] + Self.extensions.map { "\(name).\($0)" }
            let fileManager = FileManager.default
            guard !name.isEmpty, !name.split(separator: "/").contains(".."),
                let file = candidates.map({ folder.appendingPathComponent($0) }).first(where: {
                    var isFolder: ObjCBool = false
                    return fileManager.fileExists(atPath: $0.path, isDirectory: &isFolder)
                        && !isFolder.boolValue
                })
            else {
                WarningSink.current.report(.missingImage, "no image named \"\(name)\" in \(folder.path)")
                return nil
            }
            do {
                return try decode(file)
            } catch {
                WarningSink.current.report(.missingImage, "cannot draw the image \"\(name)\": \(error)")
                return nil
            }
        }
    }

    /// Decoded images by name, shared by copies of a catalog.
    private final class Store: Sendable {
        private let images = Mutex<[String: Image?]>([:])

        func image(named name: String, load: () -> Image?) -> Image? {
            if let known = images.withLock({ $0[name] }) { return known }
            let image = load()
            images.withLock { $0[name] = image }
            return image
        }
    }
}
