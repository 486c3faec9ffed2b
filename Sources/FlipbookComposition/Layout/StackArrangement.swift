import FlipbookText
import Foundation

/// Where a stack puts its layers for one proposal: its own size, and a slot per layer — its box
/// in the stack's box (padding included) with what measuring it prepared for drawing. A class,
/// as an arrangement holds those of the stacks inside it; immutable once made, so render
/// workers share it (`StackLayoutCache`).
final class StackArrangement: Sendable {
    /// One layer's place: its box, and the text layout or nested arrangement it is drawn with.
    struct Slot: Sendable {
        var frame: CGRect
        var text: TextLayout?
        var stack: StackArrangement?
    }

    let size: CGSize
    /// One per layer of the stack, in order.
    let slots: [Slot]
    /// The first text baseline, in points from the stack's top; `nil` when it has no text.
    let firstBaseline: Double?

    init(size: CGSize, slots: [Slot]) {
        (self.size, self.slots) = (size, slots)
        firstBaseline =
            slots.lazy.compactMap { slot in
                slot.baseline.map { slot.frame.minY + $0 }
            }.first
    }
}

extension StackArrangement.Slot {
    /// Its first text baseline from its top: a text's first line's, a stack's own.
    var baseline: Double? { text?.lines.first?.baseline ?? stack?.firstBaseline }
}
