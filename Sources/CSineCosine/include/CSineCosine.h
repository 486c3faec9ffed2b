#ifndef FLIPBOOK_CSINECOSINE_H
#define FLIPBOOK_CSINECOSINE_H

/// The sine and cosine of `x` (radians) in one call: glibc's `sincos`, a GNU extension Swift
/// does not import. It reduces the angle once for both, and gives the very values `sin` and
/// `cos` give, bit for bit.
void flipbook_sincos(double x, double *sine, double *cosine);

#endif
