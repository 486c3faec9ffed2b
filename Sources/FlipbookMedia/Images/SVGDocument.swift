import CRsvg
import FlipbookRaster
import Foundation

/// An SVG document, rasterised by librsvg at whatever pixel size it is drawn at — so a logo is
/// as sharp at 4× as at 1×. The document is parsed once when read (to report a broken file
/// where it is named) and again, on the calling thread, for each rasterisation: librsvg
/// handles are not shared between threads.
public final class SVGDocument: Hashable, Sendable {
    /// The file's bytes.
    public let data: Data
    /// The name used in messages (the file's path).
    public let name: String
    /// The document's own size in pixels (its `width`/`height`, or its `viewBox`'s size).
    public let intrinsicWidth: Double
    public let intrinsicHeight: Double

    /// The largest side a rasterisation may have, in pixels.
    public static let maximumSide = 16_384

    /// Reads and parses the SVG file at `path`.
    /// - Throws: `MediaError` naming the file when it is missing or not valid SVG.
    public convenience init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(operation: "read \(path)", message: "no such file or not readable")
        }
        try self.init(data: data, name: path)
    }

    /// The most elements a document may draw, its `<use>` elements expanded
    /// (`SVGElementCount`): librsvg rasterises 100 000 in about half a second.
    public static let maximumElements = 100_000

    /// Parses SVG `data`; `name` is used in messages.
    /// - Throws: `MediaError` when it is not SVG librsvg reads, or draws more than
    ///   `maximumElements` once its `<use>` elements are expanded.
    public init(data: Data, name: String) throws {
        self.data = data
        self.name = name
        let count = SVGElementCount(data, ceiling: Self.maximumElements + 1)
        if count.refersToItself {
            throw MediaError(
                operation: "read \(name)", message: "a <use> element in it refers to an element that holds it"
            )
        }
        guard count.expanded <= Self.maximumElements else {
            throw MediaError(
                operation: "read \(name)",
                message:
                    "its <use> elements expand it to more than \(Self.maximumElements) elements, more than an SVG "
                    + "may draw (each <use> draws a copy of what it refers to, with the copies that holds)")
        }
        let handle = try Self.handle(data, name: name)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var (width, height) = (0.0, 0.0)
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || width <= 0 || height <= 0
        {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 else {
                throw MediaError(
                    operation: "read \(name)", message: "the SVG has neither a width and height nor a viewBox"
                )
            }
            (width, height) = (viewBox.width, viewBox.height)
        }
        (intrinsicWidth, intrinsicHeight) = (width, height)
    }

    /// The document drawn into a `width` × `height` pixmap (premultiplied RGBA), fitted to it
    /// as the SVG's own `preserveAspectRatio` says (by default centred, aspect kept).
    public func rasterized(width: Int, height: Int) throws -> Pixmap {
        let (width, height) = (min(max(width, 1), Self.maximumSide), min(max(height, 1), Self.maximumSide))
        let handle = try Self.handle(data, name: name)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw MediaError(
                operation: "rasterise \(name)", message: "cannot allocate \(width)×\(height) pixels")
        }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0 else {
            defer { g_error_free(error) }
            throw MediaError(operation: "rasterise \(name)", message: Self.message(error))
        }
        cairo_surface_flush(surface)
        guard let base = cairo_image_surface_get_data(surface) else {
            return Pixmap(width: width, height: height)
        }
        return Pixmap(
            premultipliedBGRA: base, width: width, height: height,
            bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    }

    private static func handle(_ data: Data, name: String) throws -> UnsafeMutablePointer<RsvgHandle> {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            rsvg_handle_new_from_data(
                bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), &error)
        }
        guard let handle else {
            defer { if error != nil { g_error_free(error) } }
            throw MediaError(operation: "read \(name)", message: "not a valid SVG file: \(message(error))")
        }
        return handle
    }

    /// The error's message, without the line break libxml2 ends its messages with.
    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        let text = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown librsvg error"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func == (lhs: SVGDocument, rhs: SVGDocument) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.data == rhs.data)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data.count)
        hasher.combine(name)
    }

    /// Whether `data` looks like SVG (XML whose first element is `<svg`).
    public static func looksLikeSVG(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return head.contains("<svg")
    }
}
