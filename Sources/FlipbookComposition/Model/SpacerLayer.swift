import Foundation

/// Room in a stack, as SwiftUI's `Spacer`: it draws nothing and takes a share of what the stack
/// has left along its axis (as a layer of `flex` 1 does), at least `minLength`.
public struct SpacerLayer: Hashable, Sendable {
    /// The least it takes along the stack's axis.
    public var minLength: Length

    public init(minLength: Length = Length(0)) {
        self.minLength = minLength
    }
}
