/*
 * The benchmark scenes of bench/scenes/README.md drawn with Cairo from C: the native peer,
 * without Python's per-call cost. Compiled by bench/peers/setup.sh against Debian's
 * libcairo2-dev; `make bench` runs it beside Flipbook, pycairo and skia-python.
 *
 *   cairo_native SCENE FRAMES [dirty]   prints {"fps": …} after drawing FRAMES frames
 *
 * SCENE is confetti_200, confetti_2000 or spirograph. Each frame is cleared to transparent —
 * the whole frame, as the scene definition says, or with `dirty` only the box the previous
 * frame drew into, as Flipbook's render stage does — and drawn anti-aliased at t = i / 60.
 */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 1920, HEIGHT = 1080, MAX_ROWS = 4096 };

static const double COLORS[7][3] = {
    {255, 59, 48}, {255, 149, 0}, {255, 204, 0}, {52, 199, 89}, {0, 122, 255}, {175, 82, 222}, {255, 45, 85},
};

/* Rows of numbers from bench/scenes/NAME.txt next to this file's folder. */
static int load(const char *folder, const char *name, double rows[][4], int columns) {
    char path[4096];
    snprintf(path, sizeof path, "%s/../scenes/%s.txt", folder, name);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    int count = 0;
    while (count < MAX_ROWS) {
        int read = 0;
        for (int c = 0; c < columns; c++) read += fscanf(file, "%lf", &rows[count][c]) == 1;
        if (read < columns) break;
        count++;
    }
    fclose(file);
    return count;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: cairo_native SCENE FRAMES [dirty]\n");
        return 64;
    }
    const char *scene = argv[1];
    int frames = atoi(argv[2]);
    int dirty = argc > 3 && strcmp(argv[3], "dirty") == 0;
    char folder[4096];
    snprintf(folder, sizeof folder, "%s", __FILE__);
    char *slash = strrchr(folder, '/');
    if (slash) *slash = 0; else strcpy(folder, ".");
    static double rows[MAX_ROWS][4];
    int confetti = strncmp(scene, "confetti", 8) == 0;
    int count = load(folder, scene, rows, confetti ? 4 : 2);
    if (count <= 0 || frames <= 0) {
        fprintf(stderr, "cairo_native: cannot read scene %s\n", scene);
        return 65;
    }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(surface);
    cairo_path_t *polyline = NULL;
    if (!confetti) {
        cairo_move_to(cr, rows[0][0], rows[0][1]);
        for (int i = 1; i < count; i++) cairo_line_to(cr, rows[i][0], rows[i][1]);
        polyline = cairo_copy_path(cr);
        cairo_new_path(cr);
    }
    double box[4] = {0, 0, WIDTH, HEIGHT}; /* what the previous frame drew: x0 y0 x1 y1 */
    double start = now();
    for (int frame = 0; frame < frames; frame++) {
        double t = frame / 60.0;
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
        if (dirty) {
            cairo_rectangle(cr, floor(box[0]), floor(box[1]), ceil(box[2]) - floor(box[0]), ceil(box[3]) - floor(box[1]));
            cairo_fill(cr);
        } else {
            cairo_paint(cr);
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        double drawn[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
        if (confetti) {
            for (int i = 0; i < count; i++) {
                double x = 960 + rows[i][0] * t, y = 540 + rows[i][1] * t + 0.5 * 600 * t * t;
                const double *rgb = COLORS[(int)rows[i][3]];
                cairo_save(cr);
                cairo_translate(cr, x, y);
                cairo_rotate(cr, rows[i][2] * t * M_PI / 180);
                cairo_rectangle(cr, -5, -2.5, 10, 5);
                cairo_restore(cr);
                cairo_set_source_rgba(cr, rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1 - t / 3);
                if (dirty) {
                    /* The rotated 10 × 5 rectangle's box, and a pixel of anti-aliasing. */
                    double angle = rows[i][2] * t * M_PI / 180;
                    double c = fabs(cos(angle)), s = fabs(sin(angle));
                    double hx = 5 * c + 2.5 * s + 1, hy = 5 * s + 2.5 * c + 1;
                    drawn[0] = fmin(drawn[0], x - hx), drawn[1] = fmin(drawn[1], y - hy);
                    drawn[2] = fmax(drawn[2], x + hx), drawn[3] = fmax(drawn[3], y + hy);
                }
                cairo_fill(cr);
            }
        } else {
            cairo_append_path(cr, polyline);
            cairo_set_line_width(cr, 6);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
            cairo_set_miter_limit(cr, 10);
            cairo_set_source_rgb(cr, 0, 122.0 / 255, 1);
            if (dirty) {
                /* The polyline does not move: its stroke's box is found once. */
                static double extents[4];
                static int known = 0;
                if (!known) {
                    cairo_stroke_extents(cr, &extents[0], &extents[1], &extents[2], &extents[3]);
                    known = 1;
                }
                drawn[0] = extents[0] - 1, drawn[1] = extents[1] - 1;
                drawn[2] = extents[2] + 1, drawn[3] = extents[3] + 1;
            }
            cairo_stroke(cr);
        }
        cairo_surface_flush(surface);
        if (dirty) memcpy(box, drawn, sizeof box);
    }
    double elapsed = now() - start;
    printf("{\"engine\": \"cairo-native%s\", \"scene\": \"%s\", \"frames\": %d, \"fps\": %.3f}\n",
           dirty ? "-dirty" : "", scene, frames, frames / elapsed);
    if (polyline) cairo_path_destroy(polyline);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return 0;
}
