/// CRsvg — librsvg (Debian's librsvg2-dev) rasterises SVG documents into cairo image surfaces;
/// Flipbook uses it for SVG logos and pictures, drawn at their final pixel size.
#ifndef CRSVG_H
#define CRSVG_H

#include <librsvg/rsvg.h>
#include <cairo.h>

#endif
