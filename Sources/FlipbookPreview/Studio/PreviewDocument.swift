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
    /// A composition read again for each shape of another size than its own, with its
    /// `overrides` for that shape's canvas merged in, as `render --size` reads it: a portrait
    /// layout shows in the 9:16 shape. A shape not here shows `export` on its canvas.
    package var shapeReadings: [PreviewShape: (preset: Preset, export: VideoExport)] = [:]

    /// The files a change to which is a change to the document: the preset and every file it
    /// read (pictures, fonts, sounds, captions, tables).
    package var watchedFiles: [String] {
        var files = [preset.file]
        // A shape's overrides may name a picture or a font of its own.
        let shaped = shapeReadings.values.flatMap(\.preset.inputFiles).sorted()
        for file in preset.inputFiles + shaped where !files.contains(file) { files.append(file) }
        return files
    }

    /// The composition, when the preset's scene is one (its layers, variables and safe area).
    package var composition: Composition? { preset.scene as? Composition }

    /// The video `shape` shows: the preset's, on the shape's canvas, as read for that shape.
    package func export(on shape: PreviewShape) -> VideoExport {
        if let shaped = shapeReadings[shape] { return shaped.export }
        var export = export
        (export.width, export.height) = (shape.width, shape.height)
        return export
    }

    /// The composition `shape` shows, when the preset's scene is one.
    package func composition(on shape: PreviewShape) -> Composition? {
        export(on: shape).scene as? Composition
    }
}
