// zlib, for the deflate streams of zip archives (.lottie files): the library made for deflate,
// already on every machine that has FFmpeg and libpng.
#include <zlib.h>
