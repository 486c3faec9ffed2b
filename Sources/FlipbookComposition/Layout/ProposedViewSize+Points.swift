import FlipbookCanvas
import Foundation

/// Proposals as the layout of compositions reads and makes them: in `Double` points, by axis.
extension ProposedViewSize {
    /// `length` along `axis` and `across` along the other (`nil`: unspecified).
    init(along axis: Axis, _ length: Double?, across: Double?) {
        let (main, cross) = (length.map { CGFloat($0) }, across.map { CGFloat($0) })
        self.init(width: axis == .horizontal ? main : cross, height: axis == .horizontal ? cross : main)
    }

    /// The length proposed along `axis`, in points.
    func points(_ axis: Axis) -> Double? { self[axis].map { Double($0) } }

    /// The length proposed along `axis` when it is finite.
    func finite(_ axis: Axis) -> Double? { points(axis).flatMap { $0.isFinite ? $0 : nil } }
}
