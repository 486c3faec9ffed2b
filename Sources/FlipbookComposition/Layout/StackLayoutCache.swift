import FlipbookCanvas
import Foundation
import Synchronization

/// Stack layouts worked out before, by everything they depend on: the stack's settings and
/// items in points (`LayoutStack`), the proposal and the box. A stack whose values stay the same
/// from frame to frame is laid out once, not once a frame, and every render worker shares the
/// result; a stack nested in another, asked for its smallest, ideal and offered size while the
/// outer one is laid out, is laid out once for each.
///
/// Safe from any thread: a lock guards the entries, held only to look one up or store one (an
/// arrangement is worked out outside it, as laying out a stack asks the cache for the stacks
/// inside it). Bounded: when `capacity` arrangements are kept, they are all let go and the
/// cache fills again — a stack whose values change every frame (keyframed spacing) leaves one
/// arrangement a frame, which nothing reads again, and a still one is worked out again once.
/// Two workers meeting a new layout at once may both work it out; the results are equal.
package final class StackLayoutCache: Sendable {
    struct Key: Hashable, Sendable {
        var stack: LayoutStack
        var proposal: ProposedViewSize
        var box: ProposedViewSize?
    }

    private struct State {
        var arrangements: [Key: StackArrangement] = [:]
        var computations = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    package init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// How many layouts were worked out rather than found: a measure of how much layout a
    /// render did, which tests hold to one per distinct input.
    package var computations: Int { state.withLock { $0.computations } }

    /// The arrangement of `stack` for `proposal` in `box`: the one kept, or `compute`'s, kept.
    func arrangement(
        of stack: LayoutStack, for proposal: ProposedViewSize, in box: CGSize?,
        compute: () -> StackArrangement
    ) -> StackArrangement {
        let key = Key(stack: stack, proposal: proposal, box: box.map { ProposedViewSize($0) })
        if let kept = state.withLock({ $0.arrangements[key] }) { return kept }
        let arrangement = compute()
        state.withLock { state in
            if state.arrangements.count >= capacity { state.arrangements.removeAll() }
            state.arrangements[key] = arrangement
            state.computations += 1
        }
        return arrangement
    }
}
