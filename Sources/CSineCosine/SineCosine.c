// glibc declares sincos only for GNU sources.
#define _GNU_SOURCE
#include <math.h>

#include "CSineCosine.h"

void flipbook_sincos(double x, double *sine, double *cosine) {
    sincos(x, sine, cosine);
}
