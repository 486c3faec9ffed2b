import Flipbook
import FlipbookPipeline
import Foundation

/// The preset as last read without error: what every frame, sound and export of the studio
/// comes from until a newer one reads cleanly. `version` counts the readings that succeeded, so
/// a page knows whether what it shows is current.
package struct PreviewDocument: Sendable {
    package var preset: Preset
    /// The preset's video as `render` makes it without options: scene, timeline, size,
    /// background, output and sound (`Preset.export`).
    package var export: VideoExport
    package var version: Int
    /// The variables the form set, by name, as the overrides carried them (`variables.NAME=…`).
    package var variables: [String: String]

    /// The files a change to which is a change to the document: the preset and every file it
    /// read (pictures, fonts, sounds, captions, tables).
    package var watchedFiles: [String] {
        var files = [preset.file]
        for file in preset.inputFiles where !files.contains(file) { files.append(file) }
        return files
    }

    /// The composition, when the preset's scene is one (its layers, variables and safe area).
    package var composition: Composition? { preset.scene as? Composition }
}
