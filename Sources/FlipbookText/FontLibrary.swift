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
        var faces: [FaceKey: FontFace] = [:]
        var covering: [CoveringKey: FontFace?] = [:]
        var files: [String: Result<FontFile, FontError>] = [:]
        /// What `faces(for:)` warns of for a descriptor, when its first face is not what it asked for.
        var substitutions: [FontDescriptor: String] = [:]
    }

    /// A face as it is opened: its file and index, and the weight and made-up styles it is set
    /// to (`nil` and none for the face as its file has it).
    private struct FaceKey: Hashable {
        var path: String
        var index: Int32
        var weight: Double?
        var synthesis: Int
    }

    /// A character, and the weight and slant of the text it is in: a bold text's fallback is
    /// the bold face of the font that has the character.
    private struct CoveringKey: Hashable {
        var scalar: UInt32
        var weight: Int
        var italic: Bool
    }

    private let state = Mutex(State())

    /// How many fallback faces a descriptor keeps, after its best match.
    static let fallbackCount = 6

    private init() {}

    /// The faces for `descriptor`, in the order a character looks through them:
    /// 1. its family's face — among its own `files` when one of them names the family, else the
    ///    best installed match (fontconfig; a family that is not installed gets the default
    ///    sans-serif's face);
    /// 2. every file of `files` in order, each its face nearest in slant and weight, so that a
    ///    composition's `fonts` serve as fallbacks for what the family lacks (a Latin brand font
    ///    first, a CJK font second: the names in Chinese come from the second);
    /// 3. fontconfig's fallbacks for the family (`FcFontSort`).
    ///
    /// Each face is set to the descriptor's style: a variable font's `wght` axis to its weight,
    /// and a bold or an italic its family lacks made up (`FontFace.Synthesis`). Empty only when
    /// no font at all is installed.
    ///
    /// A family that is not installed (nor in `files`) is warned of to whoever draws with it,
    /// every time (`WarningSink.current` keeps it once per sink and layer): another preset or
    /// row of a batch, which shares the library, hears it too. (A weight or style its family
    /// lacks is warned of by what sets the text, which knows the faces each run used.)
    package func faces(for descriptor: FontDescriptor) -> [FontFace] {
        let (faces, substitution) = state.withLock { state in
            if let faces = state.resolved[descriptor] { return (faces, state.substitutions[descriptor]) }
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            let own = descriptor.family.flatMap { family in
                Self.nearestFace(in: descriptor.files, family: family, to: descriptor, state: &state)
            }
            var installed = descriptor
            // With its family's face from its files, fallbacks of the default family follow.
            if own != nil { (installed.family, installed.files) = (nil, []) }
            let system = Self.match(installed, config: state.config)
            let listed = descriptor.files.compactMap { file in
                Self.nearestFace(in: [file], family: nil, to: descriptor, state: &state)
            }
            var located: [(path: String, index: Int32)] = []
            for candidate in (own.map { [$0] } ?? Array(system.prefix(1))) + listed + system
            where !located.contains(where: { $0 == candidate }) {
                located.append(candidate)
            }
            let faces = located.compactMap { Self.face($0.path, $0.index, styled: descriptor, state: &state) }
            state.resolved[descriptor] = faces
            if own == nil, let first = faces.first {
                state.substitutions[descriptor] = Self.familySubstitution(
                    for: descriptor, by: first, state: &state)
            }
            return (faces, state.substitutions[descriptor])
        }
        if let substitution { WarningSink.current.report(.fontSubstituted, substitution) }
        return faces
    }

    /// Face `index` of the file at `path`, set to `descriptor`'s style: a variable font's
    /// weight axis to its weight; a bold made up when a weight of 600 or more is asked of a
    /// face of 500 or less, an oblique when italic is asked of an upright face (as CSS's
    /// `font-synthesis` does). Colour faces are taken as they are. `nil` when FreeType cannot
    /// open it.
    private static func face(
        _ path: String, _ index: Int32, styled descriptor: FontDescriptor, state: inout State
    ) -> FontFace? {
        guard let base = face(FaceKey(path: path, index: index, weight: nil, synthesis: 0), state: &state)
        else { return nil }
        guard !base.hasColor else { return base }
        let requested = Double(descriptor.weight)
        let weight = base.weightAxis.map { min(max(requested, $0.lowerBound), $0.upperBound) }
        var synthesis: FontFace.Synthesis = []
        if requested >= 600, (weight ?? base.weight) <= 500 { synthesis.insert(.bold) }
        if descriptor.italic, !base.isItalic { synthesis.insert(.oblique) }
        guard weight.map({ $0 != base.weight }) ?? false || !synthesis.isEmpty else { return base }
        return face(
            FaceKey(path: path, index: index, weight: weight, synthesis: synthesis.rawValue), state: &state)
    }

    /// The face `key` names, opened once.
    private static func face(_ key: FaceKey, state: inout State) -> FontFace? {
        if let face = state.faces[key] { return face }
        let face = try? FontFace(
            path: key.path, index: key.index, weight: key.weight,
            synthesis: FontFace.Synthesis(rawValue: key.synthesis))
        if let face { state.faces[key] = face }
        return face
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

    /// The face of `files` nearest to `descriptor` in slant (as CSS matches), then in weight,
    /// then the earliest listed — among the faces of `family` when it is given, else among all
    /// of them; `nil` when no file has such a face.
    private static func nearestFace(
        in files: [String], family: String?, to descriptor: FontDescriptor, state: inout State
    ) -> (path: String, index: Int32)? {
        let family = family?.lowercased()
        let wanted = (
            slant: descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN, weight: descriptor.fontconfigWeight
        )
        var best: (path: String, index: Int32, score: (Int32, Double))?
        for path in files {
            let file: FontFile
            switch fontFile(at: path, state: &state) {
            case .success(let read): file = read
            case .failure(let error):
                // Said once per file (a composition's files were checked when it was read).
                WarningSink.current.report(.unreadableFont, "cannot use the font file \(path): \(error)")
                continue
            }
            for face in file.faces
            where family.map({ name in face.families.contains { $0.lowercased() == name } }) ?? true {
                let score = (abs(face.slant - wanted.slant), abs(face.weight - Double(wanted.weight)))
                if best.map({ score < $0.score }) ?? true { best = (path, face.index, score) }
            }
        }
        return best.map { ($0.path, $0.index) }
    }

    /// What to warn of when a named family — or the rounded design's face — is not installed
    /// (nor in the descriptor's files) and fontconfig substituted `face`'s; `nil` when it is.
    private static func familySubstitution(
        for descriptor: FontDescriptor, by face: FontFace, state: inout State
    )
        -> String?
    {
        let requested =
            descriptor.family ?? (descriptor.design == .rounded ? descriptor.design.families.first : nil)
        guard let requested,
            !["sans-serif", "serif", "monospace", "sans", "mono", "system-ui"].contains(
                requested.lowercased()),
            !face.familyName.lowercased().hasPrefix(requested.lowercased()),
            !requested.lowercased().hasPrefix(face.familyName.lowercased())
        else { return nil }
        // With font files of its own, the text's family is said to be in neither place.
        var seen: Set<String> = []
        let listed = descriptor.files.compactMap { try? fontFile(at: $0, state: &state).get() }
            .flatMap(\.familyNames).filter { seen.insert($0.lowercased()).inserted }
        let families = listed.map { "\"\($0)\"" }.joined(separator: ", ")
        let place =
            listed.isEmpty ? "is not installed" : "is neither in the font files (\(families)) nor installed"
        return "font family \"\(requested)\" \(place); its text is drawn in \"\(face.familyName)\" instead"
    }

    /// An installed face that has a glyph for `scalar`, set to `descriptor`'s weight and slant
    /// as its faces are (fontconfig's best match for the character, weight and slant;
    /// colour faces first for emoji); `nil` when none has it. Remembered per character and
    /// style.
    package func face(covering scalar: Unicode.Scalar, styled descriptor: FontDescriptor) -> FontFace? {
        state.withLock { state in
            let key = CoveringKey(scalar: scalar.value, weight: descriptor.weight, italic: descriptor.italic)
            if let known = state.covering[key] { return known }
            if state.config == nil { state.config = FcInitLoadConfigAndFonts() }
            var found: FontFace?
            if let (path, index) = Self.match(covering: scalar, styled: descriptor, config: state.config) {
                found = Self.face(path, index, styled: descriptor, state: &state)
                if found?.glyph(for: scalar) == nil { found = nil }
            }
            state.covering[key] = found
            return found
        }
    }

    /// The best font file with `scalar` in its character set, nearest to `descriptor`'s weight
    /// and slant.
    private static func match(
        covering scalar: Unicode.Scalar, styled descriptor: FontDescriptor, config: OpaquePointer?
    ) -> (String, Int32)? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if scalar.properties.isEmojiPresentation { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        FcPatternAddInteger(pattern, FC_WEIGHT, descriptor.fontconfigWeight)
        FcPatternAddInteger(pattern, FC_SLANT, descriptor.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
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
        // A named family, then the design's families (Inter for sans-serif): what stands in for
        // a family that is not installed.
        for family in (descriptor.family.map { [$0] } ?? []) + descriptor.design.families {
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
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
