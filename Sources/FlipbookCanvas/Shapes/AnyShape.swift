import FlipbookGeometry
import Foundation

/// Any shape, its type erased, as SwiftUI's `AnyShape`: shapes of different types in one
/// array, or chosen by a condition.
public struct AnyShape: Shape {
    private let outline: @Sendable (CGRect) -> Path

    public init(_ shape: some Shape) {
        outline = { shape.path(in: $0) }
    }

    public func path(in rect: CGRect) -> Path { outline(rect) }
}
