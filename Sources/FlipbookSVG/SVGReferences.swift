import FlipbookGeometry
import Foundation

/// The other files an SVG document refers to, sorted as librsvg treats them: a reference
/// (`href` or `xlink:href` of `<image>`, `<use>`, `<feImage>` and the rest) is loaded only when
/// it names a file in the document's own folder or below it — librsvg's rule for a document
/// with a base file — and every other one (another folder, `..`, an absolute path elsewhere, a
/// web address) draws nothing. References inside the document (`#id`) and embedded data
/// (`data:`) are neither.
struct SVGReferences {
    /// The files loaded, as paths.
    var files: [String] = []
    /// The references not loaded, as written.
    var refused: [String] = []

    /// The most references looked at: a document with more is refused by its size first.
    static let maximumReferences = 10_000

    init(_ data: Data, baseFile: String?) {
        let text = String(decoding: data, as: UTF8.self)
        let folder = baseFile.flatMap { RealPath.of(($0 as NSString).deletingLastPathComponent) }
        for reference in Self.references(in: text).prefix(Self.maximumReferences) {
            if reference.hasPrefix("#") || reference.lowercased().hasPrefix("data:") { continue }
            guard let folder, let path = Self.path(of: reference, in: folder),
                let real = RealPath.ofFileOrFolder(path), real != folder, RealPath.lies(real, in: folder)
            else {
                refused.append(reference)
                continue
            }
            if !files.contains(path) { files.append(path) }
        }
    }

    /// The values of the document's `href` attributes, in order.
    private static func references(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let range = rest.range(of: "href") {
            rest = rest[range.upperBound...]
            let afterName = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard afterName.first == "=" else { continue }
            let value = afterName.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard let quote = value.first, quote == "\"" || quote == "'",
                let end = value.dropFirst().firstIndex(of: quote)
            else { continue }
            found.append(
                String(value[value.index(after: value.startIndex)..<end]).trimmingCharacters(in: .whitespaces)
            )
            rest = value[end...]
        }
        return found
    }

    /// The file a reference names, as librsvg resolves it against `folder`: a relative path or
    /// a `file:` address; `nil` for another scheme (a web address).
    private static func path(of reference: String, in folder: String) -> String? {
        var name = reference
        if let fragment = name.firstIndex(of: "#") { name = String(name[..<fragment]) }
        if name.lowercased().hasPrefix("file://") {
            return URL(string: name)?.path
        }
        if let colon = name.firstIndex(of: ":"), !name[..<colon].contains("/") { return nil }
        let decoded = name.removingPercentEncoding ?? name
        return decoded.hasPrefix("/") ? decoded : "\(folder)/\(decoded)"
    }
}
