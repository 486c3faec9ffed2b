/// CFFmpeg — the parts of FFmpeg 5.1 (libavformat, libavcodec, libswscale, libswresample, libavutil) that Flipbook
/// uses, plus `static inline` shims for what Swift cannot import: function-like macros
/// (`AVERROR`, `AVERROR_EOF`, `AV_NOPTS_VALUE`) and the fixed-size arrays of `AVFrame`,
/// which import as tuples.
#ifndef CFFMPEG_H
#define CFFMPEG_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>
#include <stddef.h>
#include <stdint.h>

/// `AVERROR(EAGAIN)`: the encoder or decoder wants more input / output to be drained first.
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
/// `AVERROR_EOF`: the stream is fully drained.
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
/// `AVERROR(ENOSPC)`: no space left on the device.
static inline int cffmpeg_averror_enospc(void) { return AVERROR(ENOSPC); }
/// `AVERROR(EFBIG)`: the file grew past the process's file-size limit.
static inline int cffmpeg_averror_efbig(void) { return AVERROR(EFBIG); }
/// `AVERROR_DECODER_NOT_FOUND`: a stream whose codec this FFmpeg cannot decode.
static inline int cffmpeg_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
/// `AV_NOPTS_VALUE`: "no timestamp".
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }

/// How many degrees a stream's pictures are to be turned clockwise to show upright (0, 90,
/// 180 or 270), from its display matrix (a phone's portrait video is stored on its side).
static inline int cffmpeg_stream_rotation(const AVStream *stream) {
    size_t size = 0;
    const uint8_t *matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!matrix || size < 9 * sizeof(int32_t)) return 0;
    double counterclockwise = av_display_rotation_get((const int32_t *)matrix);
    if (counterclockwise != counterclockwise) return 0; /* NaN: not a rotation */
    int quarter = (int)((-counterclockwise / 90.0) + (counterclockwise <= 0 ? 0.5 : -0.5));
    return ((quarter % 4) + 4) % 4 * 90;
}

/// Plane `index` of `frame` (0 ≤ index < AV_NUM_DATA_POINTERS).
static inline uint8_t *cffmpeg_frame_data(const AVFrame *frame, int index) {
    return frame->data[index];
}
/// Bytes per row of plane `index` of `frame`.
static inline int cffmpeg_frame_linesize(const AVFrame *frame, int index) {
    return frame->linesize[index];
}

/// Makes plane `index` of `frame` the `linesize`-byte rows at `data`, kept alive by `buffer`
/// (which the frame now owns): a frame that points at memory FFmpeg did not allocate.
static inline void cffmpeg_frame_set_plane(
    AVFrame *frame, int index, AVBufferRef *buffer, uint8_t *data, int linesize) {
    frame->buf[index] = buffer;
    frame->data[index] = data;
    frame->linesize[index] = linesize;
}

/// Routes FFmpeg's log through Flipbook: lines at `AV_LOG_ERROR` or worse are kept in a small
/// ring (for attaching to Swift errors, because `av_strerror` alone says only "Invalid
/// argument"); lines at `AV_LOG_WARNING` or worse go to stderr only when `echo` is non-zero.
/// Safe to call more than once.
void cffmpeg_install_log_capture(int echo);

/// Copies the most recent captured error lines (oldest first, newline-separated) into `buffer`
/// (always NUL-terminated) and clears the ring. Returns the number of bytes written.
size_t cffmpeg_take_recent_errors(char *buffer, size_t capacity);

/// Stereo (`AV_CHANNEL_LAYOUT_STEREO`, a compound literal Swift cannot import).
static inline AVChannelLayout cffmpeg_stereo_layout(void) {
    AVChannelLayout layout = AV_CHANNEL_LAYOUT_STEREO;
    return layout;
}

#endif
