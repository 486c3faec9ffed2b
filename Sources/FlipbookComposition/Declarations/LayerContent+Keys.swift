import FlipbookJSON

extension LayerContent {
    /// Each layer kind as files name it (`"type"`), with the keys it adds to every layer's; a
    /// `sequence` is a group whose children play one after another, a `stack` a group that
    /// places its children, a `spacer` room in a stack, a `video` an image whose picture is a
    /// clip's frame, and a `lottie` a Lottie animation's frame.
    package static let kindKeys: [(kind: String, keys: any DeclaredKeys)] = [
        ("scene", SceneLayer.keys), ("text", TextLayer.keys), ("image", ImageLayer.imageKeys),
        ("video", ImageLayer.videoKeys), ("lottie", LottieAnimationLayer.keys),
        ("shape", ShapeLayer.keys), ("group", GroupLayer.keys),
        ("sequence", GroupLayer.sequenceKeys), ("stack", GroupLayer.stackKeys), ("spacer", SpacerLayer.keys),
    ]

    /// The layer kinds as files name them.
    package static var kinds: [String] { kindKeys.map(\.kind) }
}
