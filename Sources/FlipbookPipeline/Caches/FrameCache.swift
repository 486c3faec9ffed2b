import FlipbookCanvas
import FlipbookFFmpeg

/// Finished frames by drawing: a frame whose display lists equal an earlier frame's is not
/// rasterized again — its YUV pixels are handed to the encoder once more (a shared copy-on-write
/// buffer, so nothing is copied). Pixels are a pure function of the display list, so the output
/// is bit-identical with the cache on or off. Workers meeting a drawing another worker is still
/// rendering wait for it, so a 1 Hz clock is rasterized once per second at any thread count.
typealias FrameCache = ContentCache<[DisplayList], VideoFrame>
