// FFmpeg hands its log callback a printf format and a va_list; Swift cannot take a va_list
// apart, so the formatting happens here and only finished lines are stored.
#include "CFFmpeg.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// How many error lines are kept: enough for the chain "option X" → "could not open codec".
#define RING_LINES 8
#define LINE_BYTES 512

static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
static char ring[RING_LINES][LINE_BYTES];
static int ring_start = 0;
static int ring_count = 0;
static int echo_warnings = 0;

static void capture(void *avcl, int level, const char *fmt, va_list args) {
    if (level > AV_LOG_WARNING) return;
    char line[LINE_BYTES];
    int print_prefix = 1;
    av_log_format_line2(avcl, level, fmt, args, line, sizeof line, &print_prefix);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
    if (length == 0) return;

    pthread_mutex_lock(&ring_lock);
    if (echo_warnings) fprintf(stderr, "ffmpeg: %s\n", line);
    if (level <= AV_LOG_ERROR) {
        int slot = (ring_start + ring_count) % RING_LINES;
        memcpy(ring[slot], line, length + 1);
        if (ring_count < RING_LINES) ring_count++;
        else ring_start = (ring_start + 1) % RING_LINES;
    }
    pthread_mutex_unlock(&ring_lock);
}

void cffmpeg_install_log_capture(int echo) {
    pthread_mutex_lock(&ring_lock);
    echo_warnings = echo;
    pthread_mutex_unlock(&ring_lock);
    av_log_set_callback(capture);
}

size_t cffmpeg_take_recent_errors(char *buffer, size_t capacity) {
    if (capacity == 0) return 0;
    size_t used = 0;
    pthread_mutex_lock(&ring_lock);
    for (int i = 0; i < ring_count; i++) {
        const char *line = ring[(ring_start + i) % RING_LINES];
        size_t length = strlen(line);
        if (used + length + 2 > capacity) break;
        if (used > 0) buffer[used++] = '\n';
        memcpy(buffer + used, line, length);
        used += length;
    }
    buffer[used] = 0;
    ring_start = 0;
    ring_count = 0;
    pthread_mutex_unlock(&ring_lock);
    return used;
}
