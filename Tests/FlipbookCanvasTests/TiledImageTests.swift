import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation
import Synchronization
import Testing

/// `.tiledImage(_:origin:sourceRect:scale:)` as SwiftUI's: the selected part of the picture,
/// repeated from `origin` at `scale` times its size, resolved by the context that draws it.
@Suite struct TiledImageTests {
    private static let (red, green, blue, white) = (
        PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255),
        PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255),
        PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255),
        PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
    )

    /// Red, green / blue, white.
    private static var quad: Image {
        var pixmap = Pixmap(width: 2, height: 2)
        (pixmap[0, 0], pixmap[1, 0], pixmap[0, 1], pixmap[1, 1]) = (red, green, blue, white)
        return Image(pixmap: pixmap).interpolation(.none)
    }

    private static func filled(
        _ shading: GraphicsContext.Shading, width: Int = 12, height: Int = 8,
        catalog: ImageCatalog = ImageCatalog()
    ) -> Pixmap {
        Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: shading)
        }.foregroundStyle(.red).environment(\.imageCatalog, catalog).rendered(width: width, height: height)
    }

    @Test func thePictureRepeatsFromItsOriginAtItsScale() {
        let picture = Self.filled(.tiledImage(Self.quad, origin: CGPoint(x: 1, y: 0), scale: 2))
        let colours = [[Self.red, Self.green], [Self.blue, Self.white]]
        for y in 0..<8 {
            for x in 0..<12 {
                // Each picture pixel is 2 × 2 here; the first tile starts one column in.
                let (column, row) = (((x + 3) / 2) % 2, (y / 2) % 2)
                #expect(picture[x, y] == colours[row][column], "(\(x), \(y))")
            }
        }
    }

    @Test func theSourceRectangleSelectsThePartRepeated() {
        // The right column only: green over white, one pixel wide.
        let picture = Self.filled(
            .tiledImage(Self.quad, sourceRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1), scale: 1))
        for y in 0..<8 {
            for x in 0..<12 {
                #expect(picture[x, y] == (y % 2 == 0 ? Self.green : Self.white), "(\(x), \(y))")
            }
        }
    }

    @Test func aNamedPictureComesFromTheDrawingContextsCatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("brick.png").path, contents: Data([1]))
        let catalog = ImageCatalog(folder: folder) { _ in Self.quad }
        let picture = Self.filled(.tiledImage(Image("brick").interpolation(.none)), catalog: catalog)
        #expect(picture[0, 0] == Self.red && picture[3, 0] == Self.green && picture[2, 3] == Self.blue)
        // Missing: nothing painted, and a warning names it.
        let warnings = WarningSink.discarding()
        let missing = warnings.receiving { Self.filled(.tiledImage(Image("mortar")), catalog: catalog) }
        #expect(missing.bytes.allSatisfy { $0 == 0 })
        #expect(warnings.wasReported("no image named \"mortar\" in \(folder.path)"))
    }

    @Test func aSymbolTilesInTheForegroundStyle() {
        // A filled square symbol, 20 points, at half size: 10-point tiles in the canvas's red.
        let picture = Self.filled(
            .tiledImage(Image(systemName: "square.fill"), scale: 0.5), width: 40, height: 20)
        let systemRed = Color.red.premultiplied
        #expect(picture[5, 5] == systemRed && picture[25, 15] == systemRed)
        #expect(picture[5, 5] == picture[15, 5] && picture[5, 5] == picture[35, 15])
    }

    @Test func aVectorPictureIsRasterisedAtTheTilesSizeOnTheDevice() {
        let source = RecordingSource()
        let canvas = Canvas { context, size in
            context.fill(
                Path(CGRect(origin: .zero, size: size)), with: .tiledImage(Image(vector: source), scale: 1.5))
        }
        let scaled = ScaledScene(scene: canvas.scene, size: CGSize(width: 30, height: 30), scale: 2)
        let picture = scaled.renderedFrame(
            at: FrameTime(index: 0, seconds: 0), width: 60, height: 60, background: .clear)
        // 8 points × 1.5 × 2 pixels per point.
        #expect(source.requested.withLock { $0 } == [24])
        #expect(picture[0, 0] == Self.blue && picture[59, 59] == Self.blue)
    }

    @Test func nothingIsSelectedByAnEmptySourceOrAZeroScale() {
        for shading in [
            GraphicsContext.Shading.tiledImage(
                Self.quad, sourceRect: CGRect(x: 2, y: 2, width: 1, height: 1)),
            .tiledImage(Self.quad, scale: 0), .tiledImage(Self.quad, scale: .nan),
        ] {
            #expect(Self.filled(shading).bytes.allSatisfy { $0 == 0 })
        }
    }
}

/// An 8 × 8 point vector picture, solid blue, that records the pixel widths it is rasterised at.
private final class RecordingSource: ScalableImageSource {
    let requested = Mutex<[Int]>([])
    var intrinsicSize: CGSize { CGSize(width: 8, height: 8) }

    func rasterized(width: Int, height: Int) -> RasterImage? {
        requested.withLock { $0.append(width) }
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { pixmap[x, y] = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255) }
        }
        return RasterImage(pixmap)
    }
}
