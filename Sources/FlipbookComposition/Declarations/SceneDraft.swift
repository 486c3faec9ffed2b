import FlipbookJSON
import FlipbookScenes

/// A scene layer's keys as they are read: its scene is made once its seed and parameters are
/// known, by the scene's own reader.
struct SceneDraft: Sendable {
    var entry: SceneCatalog.Entry?
    /// The `scene` key, where errors that no parameter caused point.
    var field: JSONField?
    var parameters: JSONField?
    var seed: UInt64?
    var clip = false
}
