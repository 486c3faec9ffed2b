import FlipbookGeometry
import Synchronization

/// Outlines made by path set operations — merge paths' unions, differences and intersections,
/// offset paths — kept by what they were made from, so that a static outline under an
/// animated layer is made once rather than every frame (a set operation costs far more than
/// hashing its inputs). The operations are pure functions of their inputs, so a kept outline
/// is exactly the one that would be made again.
///
/// Shared by the render workers drawing one scene, behind a lock held for a lookup or an
/// insert only; at most `capacity` outlines, all dropped when it is full.
final class LottieOutlineCache: Sendable {
    enum Key: Hashable {
        /// Paths merged in order by a mode other than plain merging.
        case merged([Path], LottieMergeMode)
        /// A path grown by an amount with a join and a miter limit.
        case offset(Path, amount: Double, join: CGLineJoin, miterLimit: Double)
    }

    /// Enough for every set operation of the corpus's busiest files.
    static let capacity = 512

    private let kept = Mutex<[Key: Path]>([:])

    /// The outline kept under `key`, or `make`'s, kept now.
    func outline(for key: Key, make: () -> Path) -> Path {
        if let path = kept.withLock({ $0[key] }) { return path }
        let path = make()
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll() }
            kept[key] = path
        }
        return path
    }
}
