import CText
import FlipbookGeometry
import Foundation
import Synchronization

/// One font file's face: FreeType for glyph outlines, HarfBuzz for shaping, both in font units
/// (outlines unhinted and unscaled, so one face serves every size and transform).
///
/// Shared by all threads: FreeType and HarfBuzz calls run under the face's lock, and each
/// glyph's outline is extracted once and cached as a `Path` (y down, font units).
public final class FontFace: @unchecked Sendable {
    public let path: String
    public let index: Int32
    /// Font units per em: a glyph drawn at size s is scaled by s / unitsPerEm.
    public let unitsPerEm: Double
    /// Typographic ascender and descender (descender negative) and line gap, in font units.
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    public let familyName: String
    /// Whether glyphs are colour pictures (emoji fonts such as Noto Color Emoji), drawn from
    /// `colorGlyph(_:)` instead of outlines.
    public let hasColor: Bool
    /// Where an underline and a strikethrough go and how thick they are, in font units (the
    /// font's `post` and `OS/2` tables; conventional values when the font has none).
    public let underline: LineMetrics
    public let strikethrough: LineMetrics
    /// The widest advance of the digits 0–9, in font units: the cell of a monospaced digit.
    public let digitAdvance: Double
    /// The face's style name (`"Bold"`, `"Book"`), for messages that name the face drawn.
    package let styleName: String
    /// The weight the face draws at, 1…1000 (400 regular, 700 bold): its `wght` coordinate
    /// when it is a variable font, else the weight class its `OS/2` table gives (400 without).
    package let weight: Double
    /// The range of a variable font's `wght` axis; `nil` for a face of one weight.
    package let weightAxis: ClosedRange<Double>?
    /// Whether the face's own design is italic or oblique (its style flags).
    package let isItalic: Bool
    /// What is made up for a style the face does not have (`FontLibrary` decides).
    package let synthesis: Synthesis
    /// How far a synthesised bold grows every outline and advance, in font units (0 unless
    /// `synthesis` has `.bold`).
    package let emboldening: Double

    /// Styles drawn by changing a face's outlines, where its family has no face for them — as
    /// browsers do (CSS `font-synthesis`): a bold made by growing a lighter face's outlines, an
    /// italic by slanting an upright face.
    package struct Synthesis: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        package static let bold = Synthesis(rawValue: 1)
        package static let oblique = Synthesis(rawValue: 2)
    }

    /// A synthesised bold grows outlines by 1/24 of the em, FreeType's own amount
    /// (`FT_GlyphSlot_Embolden`): about the difference between a regular and a bold stem.
    static let emboldeningPerEm = 1.0 / 24
    /// A synthesised oblique slants by tan 12° (0.2126, FreeType's `FT_GlyphSlot_Oblique`), in
    /// 16.16 fixed point.
    static let obliqueShear: FT_Fixed = 0x0366A
    /// A variation axis's tag, as OpenType writes it (four ASCII letters, big-endian).
    static let weightAxisTag: UInt32 = 0x7767_6874  // "wght"
    static let italicAxisTag: UInt32 = 0x6974_616C  // "ital"
    static let slantAxisTag: UInt32 = 0x736C_6E74  // "slnt"

    /// A decoration line's centre, above the baseline (negative: below), and its thickness.
    public struct LineMetrics: Hashable, Sendable {
        public var offset: Double
        public var thickness: Double
    }

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?
    private var hbFont: OpaquePointer?
    private let outlines = Mutex<[UInt32: Path]>([:])
    /// This face's number, unique in the process: what a glyph's coverage is cached under
    /// (`GlyphRun.OutlineID`), where the file's path and index would not tell a made-up bold
    /// or another weight of a variable font from the face itself.
    package let identifier = FontFace.nextIdentifier.add(1, ordering: .relaxed).newValue
    private static let nextIdentifier = Atomic<Int>(0)
    private let colorGlyphs = Mutex<[UInt32: ColorGlyph?]>([:])
    /// This face's shapings, by text, features and direction.
    package let shapings = ShapingCache()

    /// Opens face `index` of the font file at `path` (fontconfig's index: a named instance of a
    /// variable font in its upper 16 bits). A variable font with a `wght` axis is set to
    /// `weight` when one is given (clamped to the axis), its other axes as the instance has
    /// them; `synthesis` makes up the styles listed.
    init(path: String, index: Int32, weight requested: Double? = nil, synthesis: Synthesis = []) throws {
        self.path = path
        self.index = index
        self.synthesis = synthesis
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(message: "cannot start FreeType")
        }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError(message: "cannot open the font \(path)")
        }
        self.library = library
        self.face = face
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
        lineGap = max(0, Double(face.pointee.height) - ascender + descender)
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        hasColor = ctext_has_color(face) != 0
        let variation = Self.setWeight(requested, of: face, library: library)
        isItalic = ctext_is_italic(face) != 0 || variation?.slanted == true
        weightAxis = variation?.axis
        let weightClass = Double(ctext_weight_class(face))
        weight = variation?.weight ?? (weightClass > 0 ? weightClass : 400)
        let blob = hb_blob_create_from_file(path)
        // HarfBuzz counts only the faces of a collection: a named instance is set below.
        let hbFace = hb_face_create(blob, UInt32(index) & 0xFFFF)
        // HarfBuzz reads the head table itself; FreeType reports 0 for bitmap-only (emoji) faces.
        unitsPerEm = Double(
            max(
                face.pointee.units_per_EM > 0 ? UInt32(face.pointee.units_per_EM) : hb_face_get_upem(hbFace),
                1))
        let hbFont = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        if var coordinates = variation?.coordinates, !coordinates.isEmpty {
            // Shaping (advances, kerning) at the coordinates the outlines are drawn at.
            hb_font_set_variations(hbFont, &coordinates, UInt32(coordinates.count))
        }
        self.hbFont = hbFont
        let em = unitsPerEm
        emboldening = synthesis.contains(.bold) ? em * Self.emboldeningPerEm : 0
        func metric(_ tag: hb_ot_metrics_tag_t, default value: Double) -> Double {
            var position: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &position) != 0 && position != 0
                ? Double(position) : value
        }
        underline = LineMetrics(
            offset: metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, default: -0.1 * em),
            thickness: metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, default: 0.05 * em))
        strikethrough = LineMetrics(
            offset: metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, default: 0.25 * em),
            thickness: metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, default: 0.05 * em))
        digitAdvance = "0123456789".unicodeScalars.reduce(0) { widest, digit in
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(hbFont, digit.value, &glyph) != 0 else { return widest }
            return max(widest, Double(hb_font_get_glyph_h_advance(hbFont, glyph)))
        }
    }

    /// Sets the `wght` axis of `face`, a variable font, to `requested` (clamped to the axis),
    /// keeping its other axes as its instance sets them. Returns the weight set, the axis's
    /// range, whether the instance is italic or slanted (its `ital` or `slnt` axis: a variable
    /// font's style flags are its default instance's) and every axis's coordinate as HarfBuzz
    /// takes them; `nil` for a face without a `wght` axis.
    private static func setWeight(_ requested: Double?, of face: FT_Face, library: FT_Library) -> (
        weight: Double, axis: ClosedRange<Double>, slanted: Bool, coordinates: [hb_variation_t]
    )? {
        guard ctext_is_variable(face) != 0 else { return nil }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return nil }
        defer { FT_Done_MM_Var(library, master) }
        let count = Int(master.pointee.num_axis)
        guard let axes = master.pointee.axis,
            let wght = (0..<count).first(where: { UInt32(axes[$0].tag) == weightAxisTag })
        else { return nil }
        var design = [FT_Fixed](repeating: 0, count: count)
        guard FT_Get_Var_Design_Coordinates(face, UInt32(count), &design) == 0 else { return nil }
        let fixed = { (value: FT_Fixed) in Double(value) / 65536 }
        let axis = fixed(axes[wght].minimum)...fixed(axes[wght].maximum)
        if let requested {
            design[wght] = FT_Fixed((min(max(requested, axis.lowerBound), axis.upperBound) * 65536).rounded())
            FT_Set_Var_Design_Coordinates(face, UInt32(count), &design)
        }
        let coordinates = (0..<count).map { i in
            hb_variation_t(tag: hb_tag_t(axes[i].tag), value: Float(fixed(design[i])))
        }
        let slanted = coordinates.contains { axis in
            (axis.tag == italicAxisTag && axis.value >= 0.5) || (axis.tag == slantAxisTag && axis.value != 0)
        }
        return (fixed(design[wght]), axis, slanted, coordinates)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The glyph for `scalar`, or `nil` when the face has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        lock.lock()
        defer { lock.unlock() }
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        return glyph == 0 ? nil : UInt32(glyph)
    }

    /// Shapes `text` with HarfBuzz (script and language guessed, and the direction unless
    /// `rightToLeft` says it; kerning and ligatures on unless `features` turn them off, e.g.
    /// `["-kern"]`). Glyphs come in visual order: right to left text's last character first.
    /// A text shaped before with the same features and direction is not shaped again
    /// (`shapings`).
    public func shape(_ text: String, features: [String] = [], rightToLeft: Bool? = nil) -> [ShapedGlyph] {
        shapings.glyphs(for: ShapingCache.Key(text: text, features: features, rightToLeft: rightToLeft)) {
            shapedByHarfBuzz(text, features: features, rightToLeft: rightToLeft)
        }
    }

    /// `shape(_:features:rightToLeft:)` without the cache: HarfBuzz every time (tests compare).
    package func shapedByHarfBuzz(_ text: String, features: [String] = [], rightToLeft: Bool? = nil)
        -> [ShapedGlyph]
    {
        lock.lock()
        defer { lock.unlock() }
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
        if let rightToLeft {
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        }
        hb_buffer_guess_segment_properties(buffer)
        var parsed = features.compactMap { feature -> hb_feature_t? in
            var value = hb_feature_t()
            return hb_feature_from_string(feature, Int32(feature.utf8.count), &value) != 0 ? value : nil
        }
        hb_shape(hbFont, buffer, &parsed, UInt32(parsed.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: Double(positions[i].x_advance),
                offset: CGPoint(x: Double(positions[i].x_offset), y: -Double(positions[i].y_offset)))
        }
    }

    /// The outline of `glyph` in font units, y down (cached).
    public func outline(of glyph: UInt32) -> Path {
        if let cached = outlines.withLock({ $0[glyph] }) { return cached }
        let path = extractOutline(glyph)
        outlines.withLock { $0[glyph] = path }
        return path
    }

    /// The colour picture of `glyph` at the face's largest bitmap size (cached); `nil` when the
    /// face has none for it.
    public func colorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        if let cached = colorGlyphs.withLock({ $0[glyph] }) { return cached }
        let bitmap = extractColorGlyph(glyph)
        colorGlyphs.withLock { $0[glyph] = bitmap }
        return bitmap
    }

    private func extractColorGlyph(_ glyph: UInt32) -> ColorGlyph? {
        lock.lock()
        defer { lock.unlock() }
        guard let face, hasColor else { return nil }
        let strikes = Int(face.pointee.num_fixed_sizes)
        if strikes > 0, let sizes = face.pointee.available_sizes {
            let largest = (0..<strikes).max { sizes[$0].y_ppem < sizes[$1].y_ppem } ?? 0
            FT_Select_Size(face, Int32(largest))
        } else {
            FT_Set_Pixel_Sizes(face, 0, 128)
        }
        guard FT_Load_Glyph(face, glyph, ctext_load_color_flags()) == 0, let slot = face.pointee.glyph else {
            return nil
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer,
            bitmap.width > 0, bitmap.rows > 0
        else { return nil }
        let (width, height) = (Int(bitmap.width), Int(bitmap.rows))
        // Rows packed, channels as FreeType gives them (B, G, R, A, premultiplied).
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            pixels.withUnsafeMutableBufferPointer { target in
                (target.baseAddress! + y * width * 4).update(
                    from: buffer + y * Int(bitmap.pitch), count: width * 4)
            }
        }
        return ColorGlyph(
            width: width, height: height, left: Double(slot.pointee.bitmap_left),
            top: Double(slot.pointee.bitmap_top),
            pixelsPerEm: Double(face.pointee.size.pointee.metrics.y_ppem),
            premultipliedBGRA: pixels)
    }

    private func extractOutline(_ glyph: UInt32) -> Path {
        lock.lock()
        defer { lock.unlock() }
        guard let face, FT_Load_Glyph(face, glyph, ctext_load_outline_flags()) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return Path() }
        if synthesis.contains(.bold) {
            let strength = FT_Pos(emboldening.rounded())
            FT_Outline_EmboldenXY(&slot.pointee.outline, strength, strength)
        }
        if synthesis.contains(.oblique) {
            // y up here: x grows with height, so the top leans right.
            var shear = FT_Matrix(xx: 0x10000, xy: Self.obliqueShear, yx: 0, yy: 0x10000)
            FT_Outline_Transform(&slot.pointee.outline, &shear)
        }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user).move(to) },
            line_to: { to, user in OutlineBuilder.from(user).line(to) },
            conic_to: { control, to, user in OutlineBuilder.from(user).conic(control, to) },
            cubic_to: { c1, c2, to, user in OutlineBuilder.from(user).cubic(c1, c2, to) },
            shift: 0, delta: 0)
        withExtendedLifetime(builder) {
            _ = FT_Outline_Decompose(
                &slot.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        builder.finish()
        return builder.path
    }
}

/// One glyph placed by HarfBuzz, in font units: its id, the UTF-8 offset of the characters it
/// came from, how far it moves the pen, and its offset from the pen (y down).
public struct ShapedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var cluster: Int
    public var advance: Double
    public var offset: CGPoint
}

/// A colour glyph's picture: premultiplied BGRA rows at the face's bitmap size, placed with its
/// left edge `left` pixels right of the pen and its top `top` pixels above the baseline.
public struct ColorGlyph: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var left: Double
    public var top: Double
    /// The em size the bitmap was made for: a glyph set at s points is scaled by s ÷ this.
    public var pixelsPerEm: Double
    public var premultipliedBGRA: [UInt8]
}

/// A failure to load a font.
public struct FontError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Collects FreeType's outline callbacks into a `Path`, flipping y (FreeType's y points up).
private final class OutlineBuilder {
    var path = Path()
    private var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    private func point(_ vector: UnsafePointer<FT_Vector>?) -> CGPoint {
        guard let vector else { return .zero }
        return CGPoint(x: Double(vector.pointee.x), y: -Double(vector.pointee.y))
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        if open { path.closeSubpath() }
        path.move(to: point(to))
        open = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.addLine(to: point(to))
        return 0
    }

    func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.addQuadCurve(to: point(to), control: point(control))
        return 0
    }

    func cubic(
        _ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?
    ) -> Int32 {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
        return 0
    }

    func finish() {
        if open { path.closeSubpath() }
    }
}
