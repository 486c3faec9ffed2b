// Radial, conic and two-point conical gradient spans on 256-bit AVX2 lanes, eight pixels a
// step, for processors that have them (`flipbook_has_wide_lanes`). They compute exactly what
// `GradientSpan`'s four-lane Swift loops compute — each group of four pixels from its own start
// in `double`, then the same `float` operations in the same order, without fused multiply-adds —
// so both give the same bytes (tested), and the Swift loop can take over at any multiple of four.
//
// A step: the sample points of eight pixels, their ramp positions (a square root, the octant
// polynomial of `flipbook_turns_from`, or the root of a cone's quadratic), the nearest table
// entries (`flipbook_table_indices`'s arithmetic), then the dither threshold of each pixel added
// to its entry's four 8.8 channels, the fractions dropped and the eight pixels packed and stored
// with one 256-bit store.
#include "CLanes.h"

// No fused multiply-adds: the Swift loops round every product and sum on its own.
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>

#define WIDE __attribute__((target("avx2")))

/// The sample points' coordinate along one axis for pixels i…i+7: each half from the start of
/// its group of four, `(float)(start + k·step) + lane·(float)step` with lane 0…3, as the Swift
/// loop computes a group.
WIDE static inline __m256 coordinates(double start, double step, long i) {
    __m256 base = _mm256_setr_m128(
        _mm_set1_ps((float)(start + (double)i * step)), _mm_set1_ps((float)(start + (double)(i + 4) * step)));
    __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 0, 1, 2, 3);
    return _mm256_add_ps(base, _mm256_mul_ps(lanes, _mm256_set1_ps((float)step)));
}

/// The nearest entry of a table of `top + 1` for each ramp position, clamped (NaN gives 0).
WIDE static inline __m256i indices(__m256 t, float top) {
    __m256 scaled = _mm256_add_ps(_mm256_mul_ps(t, _mm256_set1_ps(top)), _mm256_set1_ps(0.5f));
    __m256 clamped = _mm256_min_ps(_mm256_max_ps(scaled, _mm256_setzero_ps()), _mm256_set1_ps(top));
    return _mm256_cvttps_epi32(clamped);
}

/// Eight pixels from their table entries, each with its dither threshold added to all four
/// channels (`GradientSpan.pack`): entries hold 8.8 fixed point with room for the threshold, so
/// the 16-bit adds never carry and the shifted values fit a byte.
WIDE static inline void store(
    __m256i index, const uint64_t *table, const uint16_t *thresholds, uint32_t *target) {
    // Eight loads rather than two gathers, which some processors run as slow microcode.
    int32_t at[8];
    _mm256_storeu_si256((__m256i *)at, index);
    __m256i low = _mm256_setr_epi64x(
        (long long)table[at[0]], (long long)table[at[1]], (long long)table[at[2]], (long long)table[at[3]]);
    __m256i high = _mm256_setr_epi64x(
        (long long)table[at[4]], (long long)table[at[5]], (long long)table[at[6]], (long long)table[at[7]]);
    __m128i dither = _mm_loadu_si128((const __m128i *)thresholds);
    // Each pixel's threshold in its four channels: pixels 0–3 and 4–7, two per 128-bit half.
    __m128i pairs = _mm_unpacklo_epi16(dither, dither), later = _mm_unpackhi_epi16(dither, dither);
    __m256i first = _mm256_setr_m128i(_mm_unpacklo_epi32(pairs, pairs), _mm_unpackhi_epi32(pairs, pairs));
    __m256i second = _mm256_setr_m128i(_mm_unpacklo_epi32(later, later), _mm_unpackhi_epi32(later, later));
    low = _mm256_srli_epi16(_mm256_add_epi16(low, first), 8);
    high = _mm256_srli_epi16(_mm256_add_epi16(high, second), 8);
    // The pack works within halves: pixels 0 1 4 5 | 2 3 6 7, put back in order by 64-bit quads.
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), _MM_SHUFFLE(3, 1, 2, 0));
    _mm256_storeu_si256((__m256i *)target, packed);
}

/// The 64 thresholds of a dither row followed by its first eight again, so that eight
/// consecutive columns can be loaded at once from any column.
static inline void wrap_dither(const uint16_t *row, uint16_t wrapped[72]) {
    for (int k = 0; k < 72; k++) wrapped[k] = row[k & 63];
}

WIDE long flipbook_radial_span_wide(
    double x, double y, double step_x, double step_y, float first, float reciprocal, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    uint16_t wrapped[72];
    wrap_dither(dither, wrapped);
    __m256 radius = _mm256_set1_ps(first), scale = _mm256_set1_ps(reciprocal);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 px = coordinates(x, step_x, i), py = coordinates(y, step_y, i);
        __m256 distance = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(px, px), _mm256_mul_ps(py, py)));
        __m256 t = _mm256_mul_ps(_mm256_sub_ps(distance, radius), scale);
        store(indices(t, top), table, wrapped + ((column + i) & 63), colors + i);
    }
    return i;
}

/// `flipbook_turns_from` on eight lanes, operation for operation.
WIDE static inline __m256 turns(__m256 x, __m256 y, float start) {
    __m256 zero = _mm256_setzero_ps(), sign = _mm256_set1_ps(-0.0f);
    __m256 ax = _mm256_andnot_ps(sign, x), ay = _mm256_andnot_ps(sign, y);
    __m256 smaller = _mm256_min_ps(ax, ay), larger = _mm256_max_ps(ax, ay);
    __m256 ratio = _mm256_and_ps(_mm256_div_ps(smaller, larger), _mm256_cmp_ps(larger, zero, _CMP_GT_OQ));
    __m256 s = _mm256_mul_ps(ratio, ratio);
    __m256 sum = _mm256_set1_ps(flipbook_octant_turns[4]);
    for (int k = 3; k >= 0; k--) {
        sum = _mm256_add_ps(_mm256_mul_ps(sum, s), _mm256_set1_ps(flipbook_octant_turns[k]));
    }
    __m256 angle = _mm256_mul_ps(sum, ratio);
    __m256 mask = _mm256_cmp_ps(ay, ax, _CMP_GT_OQ);
    angle = _mm256_blendv_ps(angle, _mm256_sub_ps(_mm256_set1_ps(0.25f), angle), mask);
    mask = _mm256_cmp_ps(x, zero, _CMP_LT_OQ);
    angle = _mm256_blendv_ps(angle, _mm256_sub_ps(_mm256_set1_ps(0.5f), angle), mask);
    mask = _mm256_cmp_ps(y, zero, _CMP_LT_OQ);
    angle = _mm256_blendv_ps(angle, _mm256_sub_ps(_mm256_set1_ps(1.0f), angle), mask);
    angle = _mm256_sub_ps(angle, _mm256_set1_ps(start));
    return _mm256_add_ps(angle, _mm256_and_ps(_mm256_cmp_ps(angle, zero, _CMP_LT_OQ), _mm256_set1_ps(1.0f)));
}

WIDE long flipbook_conic_span_wide(
    double x, double y, double step_x, double step_y, float start, bool clockwise, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    uint16_t wrapped[72];
    wrap_dither(dither, wrapped);
    __m256 one = _mm256_set1_ps(1.0f);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 t = turns(coordinates(x, step_x, i), coordinates(y, step_y, i), start);
        if (!clockwise) t = _mm256_sub_ps(one, t);
        store(indices(t, top), table, wrapped + ((column + i) & 63), colors + i);
    }
    return i;
}

WIDE long flipbook_two_point_span_wide(
    double x, double y, double step_x, double step_y, const flipbook_cone *cone, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    uint16_t wrapped[72];
    wrap_dither(dither, wrapped);
    __m256 axis_x = _mm256_set1_ps(cone->axis_x), axis_y = _mm256_set1_ps(cone->axis_y);
    __m256 offset = _mm256_set1_ps(cone->offset), squared = _mm256_set1_ps(cone->start_radius_squared);
    __m256 a = _mm256_set1_ps(cone->a), signed_a = _mm256_set1_ps(cone->signed_a);
    __m256 sign = _mm256_set1_ps(cone->sign), zero = _mm256_setzero_ps();
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 px = coordinates(x, step_x, i), py = coordinates(y, step_y, i);
        __m256 b = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(px, axis_x), _mm256_mul_ps(py, axis_y)), offset);
        __m256 c = _mm256_sub_ps(_mm256_add_ps(_mm256_mul_ps(px, px), _mm256_mul_ps(py, py)), squared);
        __m256 d = _mm256_sub_ps(_mm256_mul_ps(b, b), _mm256_mul_ps(a, c));
        __m256 root = _mm256_sqrt_ps(_mm256_blendv_ps(d, zero, _mm256_cmp_ps(d, zero, _CMP_LT_OQ)));
        __m256 far = _mm256_cmp_ps(b, zero, _CMP_GT_OQ);
        __m256 numerator = _mm256_blendv_ps(_mm256_sub_ps(b, root), _mm256_mul_ps(c, sign), far);
        __m256 denominator = _mm256_blendv_ps(signed_a, _mm256_add_ps(b, root), far);
        __m256 t = _mm256_div_ps(numerator, denominator);
        store(indices(t, top), table, wrapped + ((column + i) & 63), colors + i);
    }
    return i;
}

#else

long flipbook_radial_span_wide(
    double x, double y, double step_x, double step_y, float first, float reciprocal, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    return 0;
}

long flipbook_conic_span_wide(
    double x, double y, double step_x, double step_y, float start, bool clockwise, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    return 0;
}

long flipbook_two_point_span_wide(
    double x, double y, double step_x, double step_y, const flipbook_cone *cone, long count,
    const uint64_t *table, float top, const uint16_t *dither, long column, uint32_t *colors) {
    return 0;
}

#endif
