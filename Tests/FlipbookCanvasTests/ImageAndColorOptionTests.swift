import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookSnapshots
import Foundation
import Testing

/// A `width` × `height` checkerboard of black and white pixels.
private func checkerboard(width: Int, height: Int) -> Pixmap {
    var pixmap = Pixmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let value: UInt8 = (x + y) % 2 == 0 ? 0 : 255
            pixmap[x, y] = PremultipliedColor(red: value, green: value, blue: value, alpha: 255)
        }
    }
    return pixmap
}

private func render(
    width: Int = 100, height: Int = 100, _ draw: @escaping (inout GraphicsContext, CGSize) -> Void
)
    -> PixelProbe
{
    PixelProbe(pixmap: Canvas(renderer: draw).rendered(width: width, height: height))
}

@Suite struct ImageAndColorOptionTests {
    @Test func interpolationNoneKeepsHardPixelEdges() {
        let image = Image(pixmap: checkerboard(width: 2, height: 2))
        let rect = CGRect(x: 0, y: 0, width: 100, height: 100)
        let sharp = render { context, _ in context.draw(image.interpolation(.none), in: rect) }
        let smooth = render { context, _ in context.draw(image, in: rect) }
        // Four flat blocks: the pixel either side of the middle is pure black or white.
        #expect(sharp.color(49, 10).red == 0 && sharp.color(50, 10).red == 255)
        #expect(sharp.color(10, 49).red == 0 && sharp.color(10, 50).red == 255)
        #expect(Set((0..<100).map { sharp.color($0, 25).red }) == [0, 255])
        // Filtered, the middle is a blend.
        #expect((60...195).contains(smooth.color(50, 25).red))
    }

    @Test func resizableTileRepeatsThePictureAtItsSize() {
        let image = Image(pixmap: checkerboard(width: 4, height: 4)).resizable(resizingMode: .tile)
        let picture = render(width: 40, height: 40) { context, _ in
            context.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        for y in 0..<40 {
            for x in 0..<40 { #expect(picture.color(x, y).red == ((x + y) % 2 == 0 ? 0 : 255)) }
        }
        let stretched = render(width: 40, height: 40) { context, _ in
            context.draw(
                Image(pixmap: checkerboard(width: 4, height: 4)).resizable().interpolation(.none),
                in: CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        #expect(
            stretched.color(0, 0).red == 0 && stretched.color(9, 9).red == 0
                && stretched.color(10, 0).red == 255)
    }

    @Test func namedImagesComeFromTheCatalogAndMissingOnesWarn() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("badge.png").path, contents: Data([1]))
        let catalog = ImageCatalog(folder: folder) { _ in Image(pixmap: checkerboard(width: 2, height: 2)) }
        var size = CGSize(width: 0, height: 0)
        let canvas = Canvas { context, _ in
            size = context.resolve(Image("badge")).size
            context.draw(Image("badge").interpolation(.none), in: CGRect(x: 0, y: 0, width: 10, height: 10))
            context.draw(Image("nowhere"), in: CGRect(x: 10, y: 0, width: 10, height: 10))
        }.environment(\.imageCatalog, catalog)
        let warnings = WarningSink.discarding()
        let picture = PixelProbe(pixmap: warnings.receiving { canvas.rendered(width: 20, height: 10) })
        #expect(size == CGSize(width: 2, height: 2))
        #expect(
            picture.color(0, 0).alpha == 255 && picture.color(9, 9).red == 0 && picture.color(5, 0).red == 255
        )
        #expect(picture.inkBounds(rows: 0..<10)?.maxX == 9)
        #expect(warnings.wasReported("no image named \"nowhere\" in \(folder.path)"))
    }

    @Test func systemSymbolsAreAFullerSet() {
        let names = SystemSymbols.names
        #expect(names.count >= 40)
        for name in [
            "triangle.fill", "play.fill", "arrow.right", "chevron.left", "sun.max.fill", "cloud.fill",
            "bell.fill", "checkmark.circle",
        ] {
            #expect(names.contains(name))
        }
        for name in names {
            let bounds = SystemSymbols.path(named: name)!.boundingRect
            #expect(bounds.width > 30 && bounds.height > 5, "\(name)")
            // Within the box, give or take a stroke's round cap or an arc's control points.
            #expect(
                bounds.minX >= -8 && bounds.minY >= -8 && bounds.maxX <= 108 && bounds.maxY <= 108,
                "\(name) \(bounds)")
        }
        // Arrows point where they say: the right arrow's head is on the right.
        let right = render { context, _ in
            context.draw(Image(systemName: "arrow.right"), in: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(right.inkBounds(rows: 15..<25)!.minX >= 45, "\(right.inkBounds(rows: 15..<25)!)")
    }

    /// sRGB code value of a linear-light level.
    private func encoded(_ linear: Double) -> Int {
        Int(((linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055) * 255).rounded())
    }

    @Test func linearColorGradientsMixInLinearLight() {
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0)])
        func middle(_ options: GraphicsContext.GradientOptions) -> (
            red: Int, green: Int, blue: Int, alpha: Int
        ) {
            render(width: 101, height: 4) { context, size in
                context.fill(
                    Path(CGRect(origin: .zero, size: size)),
                    with: .linearGradient(
                        gradient, startPoint: CGPoint(x: 0.5, y: 0), endPoint: CGPoint(x: 100.5, y: 0),
                        options: options))
            }.color(50, 2)
        }
        let linear = middle(.linearColor)
        let encodedMix = middle([])
        // Half red, half green in linear light is 0.5 of each: code value 188; mixing the
        // encoded values gives 128.
        #expect(abs(linear.red - encoded(0.5)) <= 2 && abs(linear.green - encoded(0.5)) <= 2, "\(linear)")
        #expect(abs(encodedMix.red - 128) <= 2 && abs(encodedMix.green - 128) <= 2, "\(encodedMix)")
    }

    @Test func linearColorFiltersBlurAndMatrixInLinearLight() {
        /// The colour across the edge: the mean of the two pixels either side of it.
        func edge(_ options: GraphicsContext.FilterOptions) -> (red: Int, green: Int) {
            let picture = render(width: 80, height: 80) { context, _ in
                // One layer, so the blur sees both colours together.
                context.addFilter(.blur(radius: 6), options: options)
                context.drawLayer { layer in
                    layer.fill(
                        Path(CGRect(x: -40, y: -40, width: 80, height: 100)),
                        with: .color(red: 1, green: 0, blue: 0))
                    layer.fill(
                        Path(CGRect(x: 40, y: -40, width: 80, height: 100)),
                        with: .color(red: 0, green: 1, blue: 0))
                }
            }
            let (left, right) = (picture.color(39, 40), picture.color(40, 40))
            return ((left.red + right.red) / 2, (left.green + right.green) / 2)
        }
        let linear = edge(.linearColor)
        let plain = edge([])
        #expect(abs(linear.red - encoded(0.5)) <= 6 && abs(linear.green - encoded(0.5)) <= 6, "\(linear)")
        #expect(abs(plain.red - 128) <= 6 && abs(plain.green - 128) <= 6, "\(plain)")
        // Multiplying white by 0.5 halves linear light (code 188), or the code values (128).
        func multiplied(_ options: GraphicsContext.FilterOptions) -> Int {
            render(width: 4, height: 4) { context, size in
                context.addFilter(.colorMultiply(Color(red: 0.5, green: 0.5, blue: 0.5)), options: options)
                context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.white))
            }.color(2, 2).red
        }
        #expect(abs(multiplied(.linearColor) - encoded(0.5)) <= 1)
        #expect(abs(multiplied([]) - 128) <= 1)
    }
}
