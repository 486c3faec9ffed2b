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
typedef float flipbook_float4 __attribute__((ext_vector_type(4)));

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

/// Lane i of the result is `t[i]·scale + 0.5` clamped to 0…`top` and truncated: the nearest
/// entry of a gradient table of `top + 1` entries for ramp position `t[i]` (NaN gives 0). `maxps`
/// returns its second operand when a lane is NaN, and `cvttps2dq` truncates four lanes at once,
/// where Swift converts a `SIMD4<Float>` to integers lane by lane through generic code.
static inline flipbook_int32x4 flipbook_table_indices(flipbook_float4 t, float scale, float top) {
#if defined(__SSE2__)
    __m128 scaled = _mm_add_ps(_mm_mul_ps((__m128)t, _mm_set1_ps(scale)), _mm_set1_ps(0.5f));
    __m128 clamped = _mm_min_ps(_mm_max_ps(scaled, _mm_setzero_ps()), _mm_set1_ps(top));
    return (flipbook_int32x4)_mm_cvttps_epi32(clamped);
#else
    flipbook_int32x4 result;
    for (int i = 0; i < 4; i++) {
        float scaled = t[i] * scale + 0.5f;
        result[i] = scaled >= 0 ? (scaled < top ? (int32_t)scaled : (int32_t)top) : 0;
    }
    return result;
#endif
}

/// atan(r)/2π for r in 0…1 as the odd polynomial r·(c0 + c1·r² + c2·r⁴ + c3·r⁶ + c4·r⁸), its
/// coefficients fitted to the arctangent on 0…1 by least squares reweighted towards the largest
/// error (so nearly minimax): within 1.9·10⁻⁶ of a turn, a five-hundredth of an entry of a
/// 1024-entry gradient table.
static const float flipbook_octant_turns[5] = {
    0.15913369f, -0.052569874f, 0.028674241f, -0.013554591f, 0.0033183733f};

/// Lane i of the result is atan2(y[i], x[i]) in turns less `start` (in turns, 0…1), brought into
/// 0…1: the angle of a conic gradient's sample point from its start, clockwise on a screen whose
/// y axis points down (the origin counts as angle 0). The angle in the first octant comes from
/// `flipbook_octant_turns` of the smaller coordinate's magnitude over the larger, and is
/// reflected into the lane's octant with masks instead of branches.
static inline flipbook_float4 flipbook_turns_from(flipbook_float4 x, flipbook_float4 y, float start) {
#if defined(__SSE2__)
    __m128 zero = _mm_setzero_ps(), sign = _mm_set1_ps(-0.0f);
    __m128 ax = _mm_andnot_ps(sign, (__m128)x), ay = _mm_andnot_ps(sign, (__m128)y);
    __m128 smaller = _mm_min_ps(ax, ay), larger = _mm_max_ps(ax, ay);
    // 0 / 0 at the origin is NaN: the mask of a non-zero larger coordinate keeps it out.
    __m128 ratio = _mm_and_ps(_mm_div_ps(smaller, larger), _mm_cmpgt_ps(larger, zero));
    __m128 s = _mm_mul_ps(ratio, ratio);
    __m128 sum = _mm_set1_ps(flipbook_octant_turns[4]);
    for (int i = 3; i >= 0; i--) {
        sum = _mm_add_ps(_mm_mul_ps(sum, s), _mm_set1_ps(flipbook_octant_turns[i]));
    }
    __m128 angle = _mm_mul_ps(sum, ratio);
    // angle → 0.25 − angle above the diagonal, 0.5 − angle left of the y axis, 1 − angle above
    // the x axis: each a blend of the two by a comparison's mask.
    __m128 mask = _mm_cmpgt_ps(ay, ax);
    angle = _mm_or_ps(_mm_andnot_ps(mask, angle), _mm_and_ps(mask, _mm_sub_ps(_mm_set1_ps(0.25f), angle)));
    mask = _mm_cmplt_ps((__m128)x, zero);
    angle = _mm_or_ps(_mm_andnot_ps(mask, angle), _mm_and_ps(mask, _mm_sub_ps(_mm_set1_ps(0.5f), angle)));
    mask = _mm_cmplt_ps((__m128)y, zero);
    angle = _mm_or_ps(_mm_andnot_ps(mask, angle), _mm_and_ps(mask, _mm_sub_ps(_mm_set1_ps(1.0f), angle)));
    // From the start, plus a turn where that went below 0.
    angle = _mm_sub_ps(angle, _mm_set1_ps(start));
    angle = _mm_add_ps(angle, _mm_and_ps(_mm_cmplt_ps(angle, zero), _mm_set1_ps(1.0f)));
    return (flipbook_float4)angle;
#else
    flipbook_float4 result;
    for (int i = 0; i < 4; i++) {
        float ax = x[i] < 0 ? -x[i] : x[i], ay = y[i] < 0 ? -y[i] : y[i];
        float smaller = ax < ay ? ax : ay, larger = ax < ay ? ay : ax;
        float ratio = larger > 0 ? smaller / larger : 0, s = ratio * ratio, sum = flipbook_octant_turns[4];
        for (int k = 3; k >= 0; k--) sum = sum * s + flipbook_octant_turns[k];
        float angle = sum * ratio;
        if (ay > ax) angle = 0.25f - angle;
        if (x[i] < 0) angle = 0.5f - angle;
        if (y[i] < 0) angle = 1.0f - angle;
        angle -= start;
        result[i] = angle < 0 ? angle + 1.0f : angle;
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

/// A padded radial gradient's span on eight lanes at a time, where `flipbook_has_wide_lanes()`:
/// for each pixel i, the sample point (`x` + i·`step_x`, `y` + i·`step_y`) from the centre, its
/// ramp position (distance − `first`)·`reciprocal`, the nearest of the `top + 1` entries of
/// `table`, and the threshold of column `column` + i of the 64-entry `dither` row added, packed
/// into `colors[i]`. Shades whole groups of eight and returns how many pixels it shaded (0
/// where the processor lacks AVX2): exactly the bytes `GradientSpan`'s four-lane loop gives.
long flipbook_radial_span_wide(
    double x, double y, double step_x, double step_y, float first, float reciprocal, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors);

/// A conic gradient's full turn on eight lanes, as `flipbook_radial_span_wide`: each pixel's
/// angle from `start` (in turns) by `flipbook_turns_from`'s arithmetic, reversed unless
/// `clockwise`.
long flipbook_conic_span_wide(
    double x, double y, double step_x, double step_y, float start, bool clockwise, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors);

/// A nested two-point conical gradient's constants for `flipbook_two_point_span_wide`
/// (`TwoPointCone.laneConstants`), lengths in units of the larger radius: with s the sign of
/// the radius change, s·Δc (`axis_x`, `axis_y`), s·r₀·Δr (`offset`), r₀², a = Δc·Δc − Δr², s·a
/// and s.
typedef struct {
    float axis_x, axis_y, offset, start_radius_squared, a, signed_a, sign;
} flipbook_cone;

/// A padded nested two-point conical gradient's span on eight lanes, as
/// `flipbook_radial_span_wide`: for each pixel i, the sample point (`x` + i·`step_x`,
/// `y` + i·`step_y`) from the start centre, in the cone's units; b′ = s·Δc·p + s·r₀·Δr,
/// c = p·p − r₀², D = b′² − a·c (below 0 taken as 0); the ramp position (b′ − √D) / (s·a) where
/// b′ ≤ 0, else s·c / (b′ + √D); then the table entry and dither as there. Exactly the bytes of
/// `GradientSpan`'s four-lane loop.
long flipbook_two_point_span_wide(
    double x, double y, double step_x, double step_y, const flipbook_cone *cone, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors);

#endif
