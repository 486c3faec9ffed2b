import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookJSON

extension ImageLayer {
    /// An image layer's `file`, read first: the picture the layer is made of.
    static let imageFile = KeyDeclaration<CompositionDecoder, ImageLayer>(
        "file",
        ValueKind(schema: .object([("type", .string("string"))]), type: "file") {
            (field, decoder) throws(PresetError) in
            ImageLayer(source: try decoder.picture(named: field))
        },
        default: .required, doc: "a PNG, JPEG, WebP or SVG file, relative to the preset's folder")

    /// A video layer's `file`, read first: the clip the layer shows.
    static let videoFile = KeyDeclaration<CompositionDecoder, ImageLayer>(
        "file",
        ValueKind(schema: .object([("type", .string("string"))]), type: "file") {
            (field, decoder) throws(PresetError) in
            ImageLayer(source: .video(try decoder.clip(named: field)))
        },
        default: .required,
        doc: "any video libavformat reads (MP4, MOV, WebM, an animated GIF…), relative to the preset's folder"
    )

    /// What `fit` means, for every layer that fits a picture in its box.
    static let fitDoc =
        "`contain` (whole, letterboxed), `cover` (fills the box, cropped) or `fill` (stretched)"

    private static let fitKey = PropertyDeclaration<CompositionDecoder, ImageLayer>.key(
        "fit", \.fit, .choice, default: "`contain`", doc: fitDoc)
    private static let cornerRadiusKey = PropertyDeclaration<CompositionDecoder, ImageLayer>.key(
        "cornerRadius", \.cornerRadius, .keyframed(.extent), default: "`0`", explain: "corner radius",
        doc: "rounds the box's corners")

    /// An image layer's own keys.
    static let imageKeys = ObjectDeclaration<CompositionDecoder, ImageLayer>(
        "image", [.apart(imageFile), fitKey, cornerRadiusKey])

    /// A video layer's own keys: an image's, and how the clip plays.
    static let videoKeys = ObjectDeclaration<CompositionDecoder, ImageLayer>(
        "video",
        [
            .apart(videoFile),
            .key("offset", .span, default: "`0`", doc: "where in the clip the layer's start falls (a time)") {
                (video, offset, field, _) throws(PresetError) in
                guard offset >= 0 else { throw field.error("must be 0 or more (got \(field.value.summary))") }
                if case .video(let clip) = video.source, offset >= clip.duration {
                    throw field.error(
                        "is past the clip's end (\(JSONField.format(clip.duration)) s; got \(JSONField.format(offset)))"
                    )
                }
                video.clipOffset = offset
            },
            .key(
                "repeat", \.loops, .bool, default: "`false`",
                doc: "start again from `offset` when the clip ends, instead of holding its last frame"),
            .key(
                "muted", \.muted, .bool, default: "`false`",
                doc: "leave the clip's own sound out of the video's mix"),
            .key(
                "speed", .number(0.05...20), default: "`1`", type: "number",
                doc:
                    "how fast the clip plays, 0.05…20: `2` a time-lapse, `0.5` slow motion; at any other speed than 1 the clip is silent (its sound would change in pitch), with a warning unless `muted`"
            ) { (video, speed, field, _) in
                video.speed = speed
                if speed != 1, case .video(let clip) = video.source, clip.hasSound, !video.muted {
                    WarningSink.current.report(
                        .soundDropped, at: field.path,
                        "the clip plays at speed \(JSONField.format(speed)) without its sound "
                            + "(faster or slower, it would change in pitch); \"muted\": true says so")
                }
            },
            .key(
                "volume", \.volume, .volume, default: "`0` (dB)",
                doc:
                    "the level of the clip's sound in the mix: decibels (`-6`, `\"-6dB\"`) or a factor (`\"50%\"`), as in [audio.md](audio.md)"
            ),
            fitKey, cornerRadiusKey,
        ])
}
