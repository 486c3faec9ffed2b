import CText
import FlipbookGeometry
import Foundation
import Synchronization

/// The process's fonts: fontconfig lookups and the loaded faces, shared by every frame and
/// thread (faces are loaded once; their glyph outlines are cached in the face).
///
/// fontconfig is not thread-safe, so every lookup runs under one lock; a descriptor is resolved
/// once and remembered.
public final class FontLibrary: Sendable {
    public static let shared = FontLibrary()

    private struct State {
        var config: OpaquePointer?
        var resolved: [FontDescriptor: [FontFace]] = [:]
        var faces: [String: FontFace] = [:]
        var covering: [UInt32: FontFace?] = [:]
    }

    private let state = Mutex(State())

    /// How many fallback faces a descriptor keeps, after its best match.
    static let fallbackCount = 6

    private init() {}

    /// The faces for `descriptor`: the best match first, then fallbacks for characters it lacks.
    /// Empty only when no font at all is installed.
    public func faces(for descriptor: FontDescriptor) -> [FontFace] {
        state.withLock { state in
            if let faces = state.resolved[descriptor] { return faces }
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            let files = Self.match(descriptor, config: state.config)
            var faces: [FontFace] = []
            for (path, index) in files {
                let key = "\(path)#\(index)"
                if let face = state.faces[key] {
                    faces.append(face)
                } else if let face = try? FontFace(path: path, index: index) {
                    state.faces[key] = face
                    faces.append(face)
                }
            }
            state.resolved[descriptor] = faces
            Self.warnIfSubstituted(descriptor, by: faces.first)
            return faces
        }
    }

    /// Warns (once per family) when a named family — or the rounded design's face — is not
    /// installed and fontconfig substituted another, instead of falling back silently.
    private static func warnIfSubstituted(_ descriptor: FontDescriptor, by face: FontFace?) {
        let requested =
            descriptor.family ?? (descriptor.design == .rounded ? descriptor.design.genericFamily : nil)
        guard let requested, let face,
            !["sans-serif", "serif", "monospace", "sans", "mono", "system-ui"].contains(
                requested.lowercased()),
            !face.familyName.lowercased().hasPrefix(requested.lowercased()),
            !requested.lowercased().hasPrefix(face.familyName.lowercased())
        else { return }
        Warnings.report(
            "font family \"\(requested)\" is not installed; its text is drawn in \"\(face.familyName)\" instead"
        )
    }

    /// An installed face that has a glyph for `scalar`, preferring colour faces for emoji
    /// (fontconfig's best match for the character); `nil` when none does. Remembered per
    /// character.
    public func face(covering scalar: Unicode.Scalar) -> FontFace? {
        state.withLock { state in
            if let known = state.covering[scalar.value] { return known }
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            var found: FontFace?
            if let (path, index) = Self.match(covering: scalar, config: state.config) {
                let key = "\(path)#\(index)"
                found = state.faces[key] ?? (try? FontFace(path: path, index: index))
                if let found { state.faces[key] = found }
                if found?.glyph(for: scalar) == nil { found = nil }
            }
            state.covering[scalar.value] = found
            return found
        }
    }

    /// The best font file with `scalar` in its character set.
    private static func match(covering scalar: Unicode.Scalar, config: OpaquePointer?) -> (String, Int32)? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if scalar.properties.isEmojiPresentation { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        FcPatternGetInteger(font, FC_INDEX, 0, &index)
        return (String(cString: file), index)
    }

    /// Font files for the descriptor, best first (fontconfig's sort order).
    private static func match(_ descriptor: FontDescriptor, config: OpaquePointer?) -> [(String, Int32)] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        let family = descriptor.family ?? descriptor.design.genericFamily
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, descriptor.fontconfigWeight)
        FcPatternAddInteger(pattern, FC_SLANT, descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var files: [(String, Int32)] = []
        for i in 0..<Int(set.pointee.nfont) where files.count <= fallbackCount {
            guard let font = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: file)
            if !files.contains(where: { $0 == (path, index) }) { files.append((path, index)) }
        }
        return files
    }
}
