import FlipbookJSON

/// A stack's keys as they are read: its group, its layout, and its `alignment` as written —
/// read once its `axis` says what it may be (a word across a row or column, a point of an
/// overlay's box).
struct StackDraft: Sendable {
    var group = GroupLayer(layers: [])
    var layout = StackLayout(axis: .column)
    var alignment: JSONField?
}
