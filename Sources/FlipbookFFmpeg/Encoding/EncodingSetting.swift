/// The encoder settings a `MediaError` can blame, named as `EncodingOptions` and
/// `VideoEncoderSettings` name them.
package enum EncodingSetting: String, CaseIterable, Hashable, Sendable {
    case size
    case frameRate
    case pixelFormat
    case crf
    case bitrate
    case keyframeInterval
    case preset
    case loopCount
    case encoderThreads
    case audioCodec
    case audioBitrate
    case matte
    case quality
}
