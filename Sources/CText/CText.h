/// CText — the text stack Flipbook draws with: fontconfig finds fonts, HarfBuzz shapes text
/// (kerning, ligatures, marks), FreeType reads glyph outlines. All from Debian's packages.
#ifndef CTEXT_H
#define CTEXT_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_TABLES_H
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

/// `FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP`: unscaled outlines in font
/// units, exactly as designed (macros built from shifts do not import into Swift).
static inline FT_Int32 ctext_load_outline_flags(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}

/// `FT_LOAD_COLOR`: a colour glyph (CBDT/sbix emoji) as its BGRA bitmap.
static inline FT_Int32 ctext_load_color_flags(void) {
    return FT_LOAD_COLOR;
}

/// Whether the face has colour glyphs (`FT_HAS_COLOR`).
static inline int ctext_has_color(FT_Face face) {
    return FT_HAS_COLOR(face) ? 1 : 0;
}

/// Whether the face has scalable outlines (`FT_IS_SCALABLE`); bitmap-only faces have strikes.
static inline int ctext_is_scalable(FT_Face face) {
    return (face->face_flags & FT_FACE_FLAG_SCALABLE) ? 1 : 0;
}

/// The face's weight class from its `OS/2` table (100 thin … 900 black); 0 when it has none.
static inline int ctext_weight_class(FT_Face face) {
    TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    return os2 ? (int)os2->usWeightClass : 0;
}

/// Whether the face is italic or oblique by its style flags (`FT_STYLE_FLAG_ITALIC`).
static inline int ctext_is_italic(FT_Face face) {
    return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0;
}

/// Whether the face has variation axes (`FT_HAS_MULTIPLE_MASTERS`): a variable font.
static inline int ctext_is_variable(FT_Face face) {
    return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0;
}

#endif
