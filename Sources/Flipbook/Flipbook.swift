// `import Flipbook` gives a scene author the whole public API: geometry, the SwiftUI-shaped
// drawing API and its renderer, timelines, captions, sound, the built-in scenes, compositions,
// pictures (SVG), encoding and the export pipeline.
@_exported import FlipbookAudio
@_exported import FlipbookCanvas
@_exported import FlipbookCaptions
@_exported import FlipbookComposition
@_exported import FlipbookFFmpeg
@_exported import FlipbookGeometry
@_exported import FlipbookJSON
@_exported import FlipbookLottie
@_exported import FlipbookPalette
@_exported import FlipbookPipeline
@_exported import FlipbookPresets
@_exported import FlipbookRaster
@_exported import FlipbookRendering
@_exported import FlipbookSVG
@_exported import FlipbookScenes
@_exported import FlipbookTimeline
@_exported import Foundation
