import FlipbookGeometry
import Foundation

/// A path is a shape, as in SwiftUI: the same outline in any rectangle, so a `Path` can take
/// the shape modifiers (`rotation`, `trim`, `stroke`, …) and go wherever a shape does.
extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}
