#ifndef FLIPBOOK_CLANES_H
#define FLIPBOOK_CLANES_H

// Lane operations that Swift's SIMD types cannot ask for directly. Swift lowers a SIMD
// conversion lane by lane and leaves it to LLVM to find the vector instruction again, which it
// does for an isolated multiply-add of 16-bit pairs but not inside a larger kernel (it falls
// back to extracting lanes and multiplying them one by one, several times slower). These inline
// functions name the SSE2 instruction — part of every x86-64 processor, so no runtime check is
// needed — and compute the same lanes in plain C elsewhere.
//
// Below them, `YUVConverter`'s kernel on AVX2's 256-bit lanes (`YUVWideLanes.c`), which Swift
// cannot compile without raising the whole package's instruction set.
//
// The vector types are clang extended vectors, which Swift imports as its own SIMD types
// (`SIMD8<Int16>`, `SIMD4<Int32>`, `SIMD16<UInt8>`), so calls cost nothing once inlined.

#include <stdbool.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef int16_t flipbook_int16x8 __attribute__((ext_vector_type(8)));
typedef int32_t flipbook_int32x4 __attribute__((ext_vector_type(4)));
typedef uint8_t flipbook_uint8x16 __attribute__((ext_vector_type(16)));

/// Lane i of the result is `a[2i]·b[2i] + a[2i+1]·b[2i+1]`, exact in 32 bits (`pmaddwd`).
static inline flipbook_int32x4 flipbook_multiply_add_pairs(flipbook_int16x8 a, flipbook_int16x8 b) {
#if defined(__SSE2__)
    return (flipbook_int32x4)_mm_madd_epi16((__m128i)a, (__m128i)b);
#else
    flipbook_int32x4 result;
    for (int i = 0; i < 4; i++) {
        result[i] = (int32_t)a[2 * i] * b[2 * i] + (int32_t)a[2 * i + 1] * b[2 * i + 1];
    }
    return result;
#endif
}

static inline uint8_t flipbook_saturated_byte(int32_t value) {
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
}

/// The sixteen lanes of `a`, `b`, `c` and `d`, in that order, as bytes clamped to 0…255
/// (`packssdw` twice, then `packuswb`; a lane beyond ±32767 clamps the same way).
static inline flipbook_uint8x16 flipbook_pack_bytes(
    flipbook_int32x4 a, flipbook_int32x4 b, flipbook_int32x4 c, flipbook_int32x4 d) {
#if defined(__SSE2__)
    return (flipbook_uint8x16)_mm_packus_epi16(
        _mm_packs_epi32((__m128i)a, (__m128i)b), _mm_packs_epi32((__m128i)c, (__m128i)d));
#else
    flipbook_uint8x16 result;
    for (int i = 0; i < 4; i++) {
        result[i] = flipbook_saturated_byte(a[i]);
        result[4 + i] = flipbook_saturated_byte(b[i]);
        result[8 + i] = flipbook_saturated_byte(c[i]);
        result[12 + i] = flipbook_saturated_byte(d[i]);
    }
    return result;
#endif
}

/// `YUVConverter`'s fixed-point weights as 16-bit lane pairs — (red, blue) and (green, alpha),
/// alpha weighing nothing — with the biases that round and offset each sum before its shift.
typedef struct {
    flipbook_int16x8 luma_rb, luma_ga, blue_rb, blue_ga, red_rb, red_ga;
    int32_t luma_bias, chroma_bias;
} flipbook_yuv_weights;

/// Whether this processor runs `flipbook_yuv_convert_wide` (it has AVX2).
bool flipbook_has_wide_lanes(void);

/// Converts one pair of rows, 32 columns at a time from `start` while a whole block fits before
/// `end`, and returns the first column it did not convert. `rgba` points at the top row's first
/// pixel, `luma` at the top row of the luma plane, `cb` and `cr` at the pair's chroma row; rows
/// are `width` pixels. Call only where `flipbook_has_wide_lanes()` (elsewhere it returns `start`).
long flipbook_yuv_convert_wide(
    const uint8_t *rgba, long width, uint8_t *luma, uint8_t *cb, uint8_t *cr, long start, long end,
    const flipbook_yuv_weights *weights);

#endif
