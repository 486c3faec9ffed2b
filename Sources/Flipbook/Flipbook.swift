// `import Flipbook` gives a scene author the whole public API: geometry, the SwiftUI-shaped
// drawing API, timelines, the built-in scenes, compositions and the export pipeline.
@_exported import FlipbookCanvas
@_exported import FlipbookCaptions
@_exported import FlipbookComposition
@_exported import FlipbookGeometry
@_exported import FlipbookJSON
@_exported import FlipbookMedia
@_exported import FlipbookPipeline
@_exported import FlipbookPresets
@_exported import FlipbookRaster
@_exported import FlipbookRendering
@_exported import FlipbookScenes
@_exported import FlipbookTimeline
@_exported import Foundation
