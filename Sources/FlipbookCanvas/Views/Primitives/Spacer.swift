import Foundation

/// Space that grows, as SwiftUI's `Spacer`: in a stack, along the stack's axis as far as the
/// stack allows (and no thicker than nothing across it); elsewhere, in both directions. It is
/// never shorter than `minLength` — SwiftUI's default spacing of 8 points when `nil` — and a
/// stack puts no spacing of its own beside it.
public struct Spacer: View, PrimitiveView {
    /// The least length; 8 points when `nil`.
    public var minLength: CGFloat?

    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }

    public var body: Spacer { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        [SpacerNode(minLength: minLength ?? LayoutDefaults.spacing, axis: inputs.stackAxis)]
    }
}

/// A spacer laid out in its stack.
struct SpacerNode: ViewNode {
    let minLength: CGFloat
    /// The axis of its stack; `nil` outside stacks, where it grows both ways.
    let axis: Axis?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        func length(_ side: Axis) -> CGFloat {
            guard axis == nil || axis == side else { return 0 }
            return max(minLength, proposal[side] ?? minLength)
        }
        return CGSize(width: length(.horizontal), height: length(.vertical))
    }

    func draw(in context: inout GraphicsContext, proposal: ProposedViewSize, size: CGSize) {}

    var isSpacer: Bool { true }
}
