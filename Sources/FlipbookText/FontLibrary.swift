import CText
import FlipbookGeometry
import Foundation
import Synchronization

/// The process's fonts: fontconfig lookups and the loaded faces, shared by every frame and
/// thread (faces are loaded once; their glyph outlines are cached in the face).
///
/// fontconfig is not thread-safe, so every lookup runs under one lock; a descriptor is resolved
/// once and remembered.
package final class FontLibrary: Sendable {
    package static let shared = FontLibrary()

    private struct State {
        var config: OpaquePointer?
        var resolved: [FontDescriptor: [FontFace]] = [:]
        var faces: [String: FontFace] = [:]
        var covering: [UInt32: FontFace?] = [:]
        var files: [String: Result<FontFile, FontError>] = [:]
        /// What `faces(for:)` warns of for a descriptor, when its best face is not what it asked for.
        var substitutions: [FontDescriptor: String] = [:]
    }

    private let state = Mutex(State())

    /// How many fallback faces a descriptor keeps, after its best match.
    static let fallbackCount = 6

    private init() {}

    /// The faces for `descriptor`: the best match first — in its own `files` when one of them
    /// names its family, else among the installed fonts — then fallbacks for characters it
    /// lacks. Empty only when no font at all is installed.
    package func faces(for descriptor: FontDescriptor) -> [FontFace] {
        let (faces, substitution) = state.withLock { state in
            if let faces = state.resolved[descriptor] { return (faces, state.substitutions[descriptor]) }
            let faces = Self.resolve(descriptor, state: &state)
            state.resolved[descriptor] = faces
            state.substitutions[descriptor] = Self.substitution(
                for: descriptor, by: faces.first, state: &state)
            return (faces, state.substitutions[descriptor])
        }
        // Said to whoever draws with it, each time: the sink keeps it once per layer, and another
        // preset (or row) of a batch, which shares the library, hears it too.
        if let substitution { WarningSink.current.report(.fontSubstituted, substitution) }
        return faces
    }

    /// The faces for `descriptor`, looked up (`faces(for:)`).
    private static func resolve(_ descriptor: FontDescriptor, state: inout State) -> [FontFace] {
        if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
        var files = match(descriptor, config: state.config)
        if let own = ownFace(for: descriptor, state: &state) {
            // Fallbacks for what the file lacks: the installed faces of the generic family.
            var generic = descriptor
            (generic.family, generic.files) = (nil, [])
            files = [own] + match(generic, config: state.config).filter { $0 != own }
        }
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
        return faces
    }

    /// The font file at `path` (a composition's `fonts` entry), read once; throws `FontError`
    /// when it is not a font FreeType can read.
    package func fontFile(at path: String) throws -> FontFile {
        try state.withLock { state in try Self.fontFile(at: path, state: &state).get() }
    }

    private static func fontFile(at path: String, state: inout State) -> Result<FontFile, FontError> {
        if let known = state.files[path] { return known }
        let result: Result<FontFile, FontError>
        do {
            result = .success(try FontFile(path: path))
        } catch let error as FontError {
            result = .failure(error)
        } catch {
            result = .failure(FontError(message: "\(error)"))
        }
        state.files[path] = result
        return result
    }

    /// The face of `descriptor.files` for its family, nearest in slant first (as CSS matches),
    /// then in weight, then the earliest listed; `nil` when no file names the family.
    private static func ownFace(for descriptor: FontDescriptor, state: inout State) -> (String, Int32)? {
        guard let family = descriptor.family?.lowercased(), !descriptor.files.isEmpty else { return nil }
        let wanted = (
            slant: descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN, weight: descriptor.fontconfigWeight
        )
        var best: (path: String, index: Int32, score: (Int32, Double))?
        for path in descriptor.files {
            let file: FontFile
            switch fontFile(at: path, state: &state) {
            case .success(let read): file = read
            case .failure(let error):
                // Said once per file (a composition's files were checked when it was read).
                WarningSink.current.report(.unreadableFont, "cannot use the font file \(path): \(error)")
                continue
            }
            for face in file.faces where face.families.contains(where: { $0.lowercased() == family }) {
                let score = (abs(face.slant - wanted.slant), abs(face.weight - Double(wanted.weight)))
                if best.map({ score < $0.score }) ?? true { best = (path, face.index, score) }
            }
        }
        return best.map { ($0.path, $0.index) }
    }

    /// What to warn of when `face`, the best match, is not what `descriptor` asked for: a named
    /// family — or the rounded design's face — that is not installed (fontconfig substituted
    /// another), or a bold or italic face that its family does not have (its regular or upright
    /// face is drawn, where a browser would synthesise one); `nil` when it is.
    private static func substitution(for descriptor: FontDescriptor, by face: FontFace?, state: inout State)
        -> String?
    {
        guard let face else { return nil }
        let requested =
            descriptor.family ?? (descriptor.design == .rounded ? descriptor.design.genericFamily : nil)
        if let requested,
            !["sans-serif", "serif", "monospace", "sans", "mono", "system-ui"].contains(
                requested.lowercased()),
            !face.familyName.lowercased().hasPrefix(requested.lowercased()),
            !requested.lowercased().hasPrefix(face.familyName.lowercased())
        {
            // With font files of its own, the text's family is said to be in neither place.
            var seen: Set<String> = []
            let listed = descriptor.files.compactMap { try? fontFile(at: $0, state: &state).get() }
                .flatMap(\.familyNames).filter { seen.insert($0.lowercased()).inserted }
            let families = listed.map { "\"\($0)\"" }.joined(separator: ", ")
            let place =
                listed.isEmpty
                ? "is not installed" : "is neither in the font files (\(families)) nor installed"
            return
                "font family \"\(requested)\" \(place); its text is drawn in \"\(face.familyName)\" instead"
        }
        guard
            let style = try? fontFile(at: face.path, state: &state).get().faces.first(where: {
                $0.index == face.index
            })
        else { return nil }
        let family = "\"\(face.familyName)\""
        if descriptor.weight >= boldWeight, style.weight < Double(FC_WEIGHT_DEMIBOLD) {
            return
                "font family \(family) has no bold face for weight \(descriptor.weight): its text is drawn in "
                + "\"\(face.familyName) \(face.styleName)\" instead, not emboldened"
        }
        if descriptor.italic, style.slant == FC_SLANT_ROMAN {
            return "font family \(family) has no italic face: its italic text is drawn upright, in "
                + "\"\(face.familyName) \(face.styleName)\""
        }
        return nil
    }

    /// The weight from which a text asks for a bold face (CSS's 600, semibold): a family without
    /// one is drawn lighter than asked, where a browser would embolden its regular face.
    static let boldWeight = 600

    /// An installed face that has a glyph for `scalar`, preferring colour faces for emoji
    /// (fontconfig's best match for the character); `nil` when none does. Remembered per
    /// character.
    package func face(covering scalar: Unicode.Scalar) -> FontFace? {
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
