// The RGBA → yuv420p kernel of `YUVConverter` on 256-bit AVX2 lanes, for processors that have
// them (checked once at run time). Swift cannot compile one function for a wider instruction set
// than the rest of the package without flags that would stop other packages depending on ours,
// so this kernel lives here, built with a per-function target attribute.
//
// Each 256-bit vector holds two independent 128-bit halves, and the pack and shuffle
// instructions work within a half. So the kernel loads pixels 0–15 into the low halves and
// pixels 16–31 into the high halves, and each half then computes exactly what the Swift
// 16-column kernel computes for its sixteen columns — the same integers, lane for lane.
#include "CLanes.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define WIDE __attribute__((target("avx2")))

/// Pixels `low[0…3]` in the low half, `high[0…3]` in the high half.
WIDE static inline __m256i load_halves(const uint8_t *low, const uint8_t *high) {
    __m128i first = _mm_loadu_si128((const __m128i *)low);
    __m128i second = _mm_loadu_si128((const __m128i *)high);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(first), second, 1);
}

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
            top[k] = split(load_halves(top_row + 16 * k, top_row + 64 + 16 * k));
            bottom[k] = split(load_halves(bottom_row + 16 * k, bottom_row + 64 + 16 * k));
            top_luma[k] = _mm256_srai_epi32(_mm256_add_epi32(weigh(top[k], luma_rb, luma_ga), luma_bias), 8);
            bottom_luma[k] =
                _mm256_srai_epi32(_mm256_add_epi32(weigh(bottom[k], luma_rb, luma_ga), luma_bias), 8);
        }
        _mm256_storeu_si256(
            (__m256i *)(luma + column), pack(top_luma[0], top_luma[1], top_luma[2], top_luma[3]));
        _mm256_storeu_si256(
            (__m256i *)(luma + width + column),
            pack(bottom_luma[0], bottom_luma[1], bottom_luma[2], bottom_luma[3]));
        pairs first = blocks(top[0], bottom[0], top[1], bottom[1]);
        pairs second = blocks(top[2], bottom[2], top[3], bottom[3]);
#define CHROMA(p, rb, ga) _mm256_srai_epi32(_mm256_add_epi32(weigh(p, rb, ga), chroma_bias), 18)
        // Halves: Cb 0–7, Cr 0–7 | Cb 8–15, Cr 8–15; the 64-bit permute puts each plane's
        // sixteen values together.
        __m256i packed = pack(
            CHROMA(first, blue_rb, blue_ga), CHROMA(second, blue_rb, blue_ga), CHROMA(first, red_rb, red_ga),
            CHROMA(second, red_rb, red_ga));
#undef CHROMA
        packed = _mm256_permute4x64_epi64(packed, _MM_SHUFFLE(3, 1, 2, 0));
        _mm_storeu_si128((__m128i *)(cb + column / 2), _mm256_castsi256_si128(packed));
        _mm_storeu_si128((__m128i *)(cr + column / 2), _mm256_extracti128_si256(packed, 1));
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
