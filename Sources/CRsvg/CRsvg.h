/// CRsvg — librsvg (Debian's librsvg2-dev) rasterises SVG documents into cairo image surfaces;
/// Flipbook uses it for SVG logos and pictures, drawn at their final pixel size.
///
/// The declarations of the few librsvg, GIO and GLib calls Flipbook makes are written out here,
/// as librsvg 2.52+ and GLib 2 declare them (a stable C ABI), instead of including <librsvg/rsvg.h>:
/// that header pulls in GLib's, whose include folders only pkg-config knows, and pkg-config's
/// flags for librsvg carry `-pthread`, which SwiftPM refuses with a warning in every build of a
/// package that depends on Flipbook. cairo's header needs no such folder.
#ifndef CRSVG_H
#define CRSVG_H

#include <cairo/cairo.h>
#include <stdint.h>

typedef int gboolean;
typedef long gssize;

/// GLib's error: `domain` and `code` say which, `message` says what, for people.
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;

typedef struct _GFile GFile;
typedef struct _GInputStream GInputStream;
typedef struct _GCancellable GCancellable;
typedef struct _RsvgHandle RsvgHandle;

/// A rectangle in user units (a viewport, a view box).
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

/// A length with its CSS unit (`RsvgUnit`, an enum in librsvg).
typedef struct {
    double length;
    int unit;
} RsvgLength;

typedef enum {
    RSVG_HANDLE_FLAGS_NONE = 0,
    RSVG_HANDLE_FLAG_UNLIMITED = 1 << 0,
    RSVG_HANDLE_FLAG_KEEP_IMAGE_DATA = 1 << 1
} RsvgHandleFlags;

void g_object_unref(void *object);
void g_error_free(GError *error);
GFile *g_file_new_for_path(const char *path);
GInputStream *g_memory_input_stream_new_from_data(const void *data, gssize length, void (*destroy)(void *));

RsvgHandle *rsvg_handle_new_from_stream_sync(
    GInputStream *input_stream, GFile *base_file, RsvgHandleFlags flags, GCancellable *cancellable,
    GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
void rsvg_handle_get_intrinsic_dimensions(
    RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width, gboolean *out_has_height,
    RsvgLength *out_height, gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_render_document(
    RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

#endif
