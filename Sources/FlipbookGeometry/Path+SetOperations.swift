import Foundation

/// Set operations on paths' filled regions and lines, as SwiftUI's (iOS 17 and macOS 14).
///
/// Curves are followed to within 0.01 units, or a millionth of the path's size where that is
/// more (the results are polygons: Flipbook does not fit
/// curves back), and the results fill the same under either fill rule. `eoFill` says how the
/// *inputs* are read: by the even-odd rule, or by the non-zero rule (the default, as SwiftUI's).
/// The work grows with the number of places where the outlines cross: two circles take
/// microseconds, a polyline crossing itself a million times a minute.
extension Path {
    /// The region filled by this path or by `other` (or both).
    public func union(_ other: Path, eoFill: Bool = false) -> Path {
        RegionBoundary(eoFill: eoFill) { $0 || $1 }.path(from: [self, other])
    }

    /// The region filled by both this path and `other`.
    public func intersection(_ other: Path, eoFill: Bool = false) -> Path {
        RegionBoundary(eoFill: eoFill) { $0 && $1 }.path(from: [self, other])
    }

    /// The region filled by this path and not by `other`.
    public func subtracting(_ other: Path, eoFill: Bool = false) -> Path {
        RegionBoundary(eoFill: eoFill) { $0 && !$1 }.path(from: [self, other])
    }

    /// The region filled by exactly one of this path and `other`.
    public func symmetricDifference(_ other: Path, eoFill: Bool = false) -> Path {
        RegionBoundary(eoFill: eoFill) { $0 != $1 }.path(from: [self, other])
    }

    /// This path's region outlined without crossings or overlaps: a self-intersecting star
    /// becomes its outline (with `eoFill`, the default as SwiftUI's, the star's points only).
    public func normalized(eoFill: Bool = true) -> Path {
        RegionBoundary(eoFill: eoFill) { filled, _ in filled }.path(from: [self])
    }

    /// The parts of this path's lines that lie inside `other`'s filled region: strokes clipped
    /// to a shape.
    public func lineIntersection(_ other: Path, eoFill: Bool = false) -> Path {
        LineClipping(eoFill: eoFill, keepsInside: true).path(clipping: self, by: other)
    }

    /// The parts of this path's lines that lie outside `other`'s filled region.
    public func lineSubtraction(_ other: Path, eoFill: Bool = false) -> Path {
        LineClipping(eoFill: eoFill, keepsInside: false).path(clipping: self, by: other)
    }
}
