// The RGBA → yuv420p kernel of `YUVConverter` on 256-bit AVX2 lanes, for processors that have
// them (checked once at run time). Swift cannot compile one function for a wider instruction set
// than the rest of the package without flags that would stop other packages depending on ours,
// so this kernel lives here, built with a per-function target attribute.
//
// Each 256-bit vector holds two independent 128-bit halves, and the pack and shuffle
// instructions work within a half. The kernel loads eight pixels per vector, as they lie in
// memory (four per half), computes per pixel and per 2×2 block exactly the integers the Swift
// 16-column kernel computes, and puts the packed results back in column order at the end: one
// permute per luma row, two interleaves for the chroma planes. (Loading sixteen pixels per half
// instead needs an insert per vector, eight a block, which cost more than those three.)
#include "CLanes.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define WIDE __attribute__((target("avx2")))

/// Four pixels per half as (red | blue << 16) and (green | alpha << 16) 32-bit lanes.
typedef struct {
    __m256i rb, ga;
} pairs;

WIDE static inline pairs split(__m256i pixels) {
    return (pairs){_mm256_and_si256(pixels, _mm256_set1_epi16(0x00FF)), _mm256_srli_epi16(pixels, 8)};
}

WIDE static inline __m256i broadcast(flipbook_int16x8 weights) {
    return _mm256_broadcastsi128_si256((__m128i)weights);
}

WIDE static inline __m256i weigh(pairs p, __m256i rb, __m256i ga) {
    return _mm256_add_epi32(_mm256_madd_epi16(p.rb, rb), _mm256_madd_epi16(p.ga, ga));
}

WIDE static inline __m256i pack(__m256i a, __m256i b, __m256i c, __m256i d) {
    return _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
}

/// Adjacent lanes of `a` then `b` added, within each half: column sums become block sums.
WIDE static inline __m256i block_sums(__m256i a, __m256i b) {
    __m256 even = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88);
    __m256 odd = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0xDD);
    return _mm256_add_epi32(_mm256_castps_si256(even), _mm256_castps_si256(odd));
}

WIDE static inline pairs blocks(pairs left_top, pairs left_bottom, pairs right_top, pairs right_bottom) {
    return (pairs){
        block_sums(_mm256_add_epi32(left_top.rb, left_bottom.rb), _mm256_add_epi32(right_top.rb, right_bottom.rb)),
        block_sums(_mm256_add_epi32(left_top.ga, left_bottom.ga), _mm256_add_epi32(right_top.ga, right_bottom.ga)),
    };
}

WIDE long flipbook_yuv_convert_wide(
    const uint8_t *rgba, long width, uint8_t *luma, uint8_t *cb, uint8_t *cr, long start, long end,
    const flipbook_yuv_weights *weights) {
    const __m256i luma_rb = broadcast(weights->luma_rb), luma_ga = broadcast(weights->luma_ga);
    const __m256i blue_rb = broadcast(weights->blue_rb), blue_ga = broadcast(weights->blue_ga);
    const __m256i red_rb = broadcast(weights->red_rb), red_ga = broadcast(weights->red_ga);
    const __m256i luma_bias = _mm256_set1_epi32(weights->luma_bias);
    const __m256i chroma_bias = _mm256_set1_epi32(weights->chroma_bias);
    // Vector k of a row holds pixels 8k…8k+3 in its low half and 8k+4…8k+7 in its high half,
    // so packing the four leaves, in 32-bit groups of four pixels, 0 2 4 6 | 1 3 5 7.
    const __m256i luma_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    long column = start;
    for (; column + 32 <= end; column += 32) {
        const uint8_t *top_row = rgba + column * 4, *bottom_row = top_row + width * 4;
        // Both rows' lines four blocks ahead: the two row streams (and three written planes)
        // outrun the hardware prefetcher, and loads then wait on memory (about 10 % faster).
        _mm_prefetch((const char *)(top_row + 512), _MM_HINT_T0);
        _mm_prefetch((const char *)(top_row + 576), _MM_HINT_T0);
        _mm_prefetch((const char *)(bottom_row + 512), _MM_HINT_T0);
        _mm_prefetch((const char *)(bottom_row + 576), _MM_HINT_T0);
        pairs top[4], bottom[4];
        __m256i top_luma[4], bottom_luma[4];
        for (int k = 0; k < 4; k++) {
            top[k] = split(_mm256_loadu_si256((const __m256i *)(top_row + 32 * k)));
            bottom[k] = split(_mm256_loadu_si256((const __m256i *)(bottom_row + 32 * k)));
            top_luma[k] = _mm256_srai_epi32(_mm256_add_epi32(weigh(top[k], luma_rb, luma_ga), luma_bias), 8);
            bottom_luma[k] =
                _mm256_srai_epi32(_mm256_add_epi32(weigh(bottom[k], luma_rb, luma_ga), luma_bias), 8);
        }
        _mm256_storeu_si256(
            (__m256i *)(luma + column),
            _mm256_permutevar8x32_epi32(pack(top_luma[0], top_luma[1], top_luma[2], top_luma[3]), luma_order));
        _mm256_storeu_si256(
            (__m256i *)(luma + width + column),
            _mm256_permutevar8x32_epi32(
                pack(bottom_luma[0], bottom_luma[1], bottom_luma[2], bottom_luma[3]), luma_order));
        pairs first = blocks(top[0], bottom[0], top[1], bottom[1]);
        pairs second = blocks(top[2], bottom[2], top[3], bottom[3]);
#define CHROMA(p, rb, ga) _mm256_srai_epi32(_mm256_add_epi32(weigh(p, rb, ga), chroma_bias), 18)
        // Block j comes from pixels 2j, 2j+1: the sums above hold blocks 0 1 4 5 | 2 3 6 7 and
        // 8 9 12 13 | 10 11 14 15, so the packed halves hold Cb, then Cr, in pairs of blocks
        // 0 1, 4 5, 8 9, 12 13 | 2 3, 6 7, 10 11, 14 15; interleaving the halves' 16-bit pairs
        // puts each plane's sixteen values in order.
        __m256i packed = pack(
            CHROMA(first, blue_rb, blue_ga), CHROMA(second, blue_rb, blue_ga), CHROMA(first, red_rb, red_ga),
            CHROMA(second, red_rb, red_ga));
#undef CHROMA
        __m128i low = _mm256_castsi256_si128(packed), high = _mm256_extracti128_si256(packed, 1);
        _mm_storeu_si128((__m128i *)(cb + column / 2), _mm_unpacklo_epi16(low, high));
        _mm_storeu_si128((__m128i *)(cr + column / 2), _mm_unpackhi_epi16(low, high));
    }
    return column;
}

bool flipbook_has_wide_lanes(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#else

long flipbook_yuv_convert_wide(
    const uint8_t *rgba, long width, uint8_t *luma, uint8_t *cb, uint8_t *cr, long start, long end,
    const flipbook_yuv_weights *weights) {
    return start;
}

bool flipbook_has_wide_lanes(void) { return false; }

#endif
