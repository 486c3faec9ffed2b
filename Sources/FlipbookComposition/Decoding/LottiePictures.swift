import FlipbookFFmpeg
import FlipbookJSON
import FlipbookLottie
import FlipbookRaster
import Foundation

/// The pictures of a Lottie file's image assets, decoded as an image layer's are (PNG, JPEG,
/// WebP through FFmpeg) and read as a preset's files are: a file beside the Lottie file must lie
/// in a folder the render may read (`PresetFiles`), and is held to `maximumImageBytes`; one
/// that is not there is `nil` (the decoder warns, and its layers draw nothing, as players do).
package enum LottiePictures {
    /// The loader for the Lottie file at `lottieFile`, reading what `files` allows — or, for
    /// an animation of the `.lottie` file `archive`, the archive's pictures.
    package static func loader(files: PresetFiles, lottieFile: String, archive: DotLottieArchive? = nil)
        -> LottiePictureLoader
    {
        { (source, field) throws(PresetError) in
            let data: Data
            let name: String
            switch source {
            case .embedded(let bytes):
                (data, name) = (bytes, "the picture embedded at \(field.path)")
            case .file(let relative):
                if let archive {
                    do throws(LottieArchiveError) {
                        guard let bytes = try archive.picture(relative) else { return nil }
                        (data, name) = (Data(bytes), relative)
                    } catch {
                        throw field.error("the archive \(error.message)")
                    }
                    break
                }
                let folder = (lottieFile as NSString).deletingLastPathComponent
                let written = relative.hasPrefix("/") || folder.isEmpty ? relative : "\(folder)/\(relative)"
                // Absolute, so that `files` takes it as it is rather than from the preset's folder.
                let path = try files.path(URL(fileURLWithPath: written).standardizedFileURL.path, at: field)
                // Exports often leave their images folder behind; players then draw nothing.
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                if let problem = CompositionDecoder.inputFileProblem(
                    path, kind: "an image", maximumBytes: CompositionDecoder.maximumImageBytes)
                {
                    throw field.error("cannot use \(written): \(problem)")
                }
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    throw field.error("cannot use \(written): not readable")
                }
                (data, name) = (bytes, written)
            }
            do {
                return RasterImage(try ImageFile.decode(data, name: name))
            } catch let error as MediaError {
                throw field.error("cannot use \(name): \(error.message)")
            } catch {
                throw field.error("cannot use \(name): \(error)")
            }
        }
    }
}
