/// Ceilings that keep a hostile Lottie file from exhausting the machine. Each refusal is a
/// located error naming the limit; the file's own bytes are held to `RenderLimits.presetBytes`
/// before it is parsed, and its JSON nesting to the parser's depth.
public struct LottieLimits: Hashable, Sendable {
    /// Layers in the whole file, every precomposition's counted once per use.
    public var layers = 10_000
    /// Precompositions inside precompositions.
    public var precompDepth = 32
    /// Shape groups inside shape groups.
    public var groupDepth = 64
    /// Keyframes in one property.
    public var keyframesPerProperty = 100_000
    /// Keyframes in the whole file.
    public var keyframes = 1_000_000
    /// Points of outlines (vertices and control points) in the whole file.
    public var points = 4_000_000
    /// Copies one repeater makes.
    public var repeaterCopies = 1_000
    /// Pixels of one embedded or referenced picture, as its asset's `w` × `h` declares it.
    public var imagePixels = 7680 * 4320
    /// Characters of one text document: each is shaped, or drawn from its glyph's outlines,
    /// every frame it shows.
    public var textCharacters = 10_000
    /// Members of a `.lottie` archive, the bytes one unpacks to, and the bytes all unpack to:
    /// what a zip bomb's directory declares is refused before anything is inflated.
    public var archiveMembers = 1_000
    public var archiveMemberBytes = 64 << 20
    public var archiveBytes = 256 << 20

    public init() {}
}
