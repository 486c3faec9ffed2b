import Foundation

extension ImageCatalog {
    /// The PNG, JPEG, WebP and SVG files in `folder` (relative to the current directory), for
    /// `Image("name")`. SVG pictures stay vectors: each is rasterised at the size it is drawn.
    public init(folder: String) {
        self.init(folder: URL(fileURLWithPath: folder, isDirectory: true)) { file in
            let data = try Data(contentsOf: file)
            if file.pathExtension.lowercased() == "svg" || SVGDocument.looksLikeSVG(data) {
                return Image(vector: SVGPicture(try SVGDocument(data: data, name: file.path)))
            }
            return Image(pixmap: try ImageFile.decode(data, name: file.path))
        }
    }
}

/// An SVG document as a picture that is drawn sharp at any size (rasterised by librsvg at the
/// size it is drawn, each size once).
final class SVGPicture: ScalableImageSource {
    let document: SVGDocument

    init(_ document: SVGDocument) {
        self.document = document
    }

    var intrinsicSize: CGSize {
        CGSize(width: document.intrinsicWidth, height: document.intrinsicHeight)
    }

    func rasterized(width: Int, height: Int) -> RasterImage? {
        SVGRasters.image(document, width: width, height: height)
    }
}
