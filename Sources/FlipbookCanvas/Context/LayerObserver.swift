import Observation
import Synchronization

/// Watches which named layers read observable model properties: each `drawLayer(named:)` runs
/// inside the Observation module's `withObservationTracking`, and a later change to any property
/// that layer read marks it here. Thread-safe (`Mutex`): Observation calls back from whichever
/// thread mutates the model.
package final class LayerObserver: Sendable {
    private let changed = Mutex<Set<String>>([])

    package init() {}

    /// Names of the layers whose read properties have changed since they were drawn.
    package var changedLayers: Set<String> {
        changed.withLock { $0 }
    }

    func track(layer name: String, _ draw: () -> Void) {
        withObservationTracking(draw) { [self] in
            _ = changed.withLock { $0.insert(name) }
        }
    }
}
