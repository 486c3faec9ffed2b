import FlipbookGeometry
import Foundation

/// A 2D shape that describes itself as a path in a given rectangle, as SwiftUI's `Shape`.
public protocol Shape: Sendable {
    /// The outline of the shape when it fills `rect`.
    func path(in rect: CGRect) -> Path
}
