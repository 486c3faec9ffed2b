import CRsvg
import FlipbookRaster
import Foundation

/// An SVG document, rasterised by librsvg at whatever pixel size it is drawn at — so a logo is
/// as sharp at 4× as at 1×. The document is parsed once when read (to report a broken file
/// where it is named) and again, on the calling thread, for each rasterisation: librsvg
/// handles are not shared between threads.
///
/// A document read from a file resolves its references to other files (`<image
/// href="logo.png">`, `<use href="parts.svg#star">`) against that file, as librsvg allows them:
/// files in the document's own folder or below it. Any other reference — another folder, a
/// web address — is not loaded; `refusedReferences` lists them, so that the reader can say so
/// instead of drawing nothing silently.
public final class SVGDocument: Hashable, Sendable {
    /// The file's bytes.
    public let data: Data
    /// The name used in messages (the file's path).
    public let name: String
    /// The file relative references start from, when the document is a file.
    public let baseFile: String?
    /// The files its references load (`SVGReferences`), which a render reads too.
    public let referencedFiles: [String]
    /// The references it makes that are not loaded, as written.
    public let refusedReferences: [String]
    /// The document's own size in pixels (its `width`/`height`, or its `viewBox`'s size).
    public let intrinsicWidth: Double
    public let intrinsicHeight: Double

    /// The largest side a rasterisation may have, in pixels.
    public static let maximumSide = 16_384

    /// Reads and parses the SVG file at `path`.
    /// - Throws: `SVGError` naming the file when it is missing or not valid SVG.
    public convenience init(contentsOfFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SVGError(operation: "read \(path)", message: "no such file or not readable")
        }
        try self.init(data: data, name: path, baseFile: path)
    }

    /// The most elements a document may draw, its `<use>` elements expanded
    /// (`SVGElementCount`): librsvg rasterises 100 000 in about half a second.
    public static let maximumElements = 100_000

    /// Parses SVG `data`; `name` is used in messages, and relative references start from
    /// `baseFile` (without one, none is loaded).
    /// - Throws: `SVGError` when it is not SVG librsvg reads, or draws more than
    ///   `maximumElements` once its `<use>` elements are expanded.
    public init(data: Data, name: String, baseFile: String? = nil) throws {
        self.data = data
        self.name = name
        self.baseFile = baseFile
        let references = SVGReferences(data, baseFile: baseFile)
        (referencedFiles, refusedReferences) = (references.files, references.refused)
        let count = SVGElementCount(data, ceiling: Self.maximumElements + 1)
        if count.refersToItself {
            throw SVGError(
                operation: "read \(name)", message: "a <use> element in it refers to an element that holds it"
            )
        }
        guard count.expanded <= Self.maximumElements else {
            throw SVGError(
                operation: "read \(name)",
                message:
                    "its <use> elements expand it to more than \(Self.maximumElements) elements, more than an SVG "
                    + "may draw (each <use> draws a copy of what it refers to, with the copies that holds)")
        }
        let handle = try Self.handle(data, name: name, baseFile: baseFile)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var (width, height) = (0.0, 0.0)
        let sized = rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0
        if !sized || width <= 0 || height <= 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0, viewBox.width > 0, viewBox.height > 0 else {
                // Say what the file has: an empty size is not a missing one.
                let found = [
                    sized ? "its width and height are \(Self.size(width, height))" : nil,
                    hasViewBox != 0 ? "its viewBox is \(Self.size(viewBox.width, viewBox.height))" : nil,
                ].compactMap { $0 }
                let problem =
                    found.isEmpty
                    ? "the SVG has neither a width and height nor a viewBox"
                    : "the SVG's size is empty: " + found.joined(separator: " and ")
                throw SVGError(
                    operation: "read \(name)",
                    message: problem
                        + "; it needs a width and height, or a viewBox, of more than 0 on each side")
            }
            (width, height) = (viewBox.width, viewBox.height)
        }
        (intrinsicWidth, intrinsicHeight) = (width, height)
    }

    /// `width`×`height` as a message shows a size: whole numbers without a fraction.
    private static func size(_ width: Double, _ height: Double) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return "\(number(width))×\(number(height))"
    }

    /// The document drawn into a `width` × `height` pixmap (premultiplied RGBA), fitted to it
    /// as the SVG's own `preserveAspectRatio` says (by default centred, aspect kept).
    public func rasterized(width: Int, height: Int) throws -> Pixmap {
        let (width, height) = (min(max(width, 1), Self.maximumSide), min(max(height, 1), Self.maximumSide))
        let handle = try Self.handle(data, name: name, baseFile: baseFile)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else {
            throw SVGError(
                operation: "rasterise \(name)", message: "cannot allocate \(width)×\(height) pixels")
        }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, cairo, &viewport, &error) != 0 else {
            defer { g_error_free(error) }
            throw SVGError(operation: "rasterise \(name)", message: Self.message(error))
        }
        cairo_surface_flush(surface)
        guard let base = cairo_image_surface_get_data(surface) else {
            return Pixmap(width: width, height: height)
        }
        return Pixmap(
            premultipliedBGRA: base, width: width, height: height,
            bytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    }

    /// A librsvg handle holding the parsed document, read with `baseFile` as the file its
    /// relative references start from.
    private static func handle(_ data: Data, name: String, baseFile: String?) throws
        -> OpaquePointer
    {
        let base = baseFile.map { g_file_new_for_path($0) }
        defer { if let base { g_object_unref(UnsafeMutableRawPointer(base)) } }
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { bytes in
            let stream = g_memory_input_stream_new_from_data(bytes.baseAddress, gssize(bytes.count), nil)
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            return rsvg_handle_new_from_stream_sync(stream, base ?? nil, RSVG_HANDLE_FLAGS_NONE, nil, &error)
        }
        guard let handle else {
            defer { if error != nil { g_error_free(error) } }
            throw SVGError(operation: "read \(name)", message: "not a valid SVG file: \(message(error))")
        }
        return handle
    }

    /// The error's message, without the line break libxml2 ends its messages with.
    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        let text = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown librsvg error"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func == (lhs: SVGDocument, rhs: SVGDocument) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.baseFile == rhs.baseFile && lhs.data == rhs.data)
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
