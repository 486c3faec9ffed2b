/// A sequence's keys as they are read: its group, and the overlap its children's starts are
/// worked out with once all of them are read.
struct SequenceDraft: Sendable {
    var group = GroupLayer(layers: [], clip: false)
    var overlap = 0.0
}
