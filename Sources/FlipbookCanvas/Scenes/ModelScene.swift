import FlipbookTimeline
import Foundation
import Observation

/// A scene that keeps its inputs in an `@Observable` model, as SwiftUI views do.
///
/// The model is brought to its state at each frame's time by `update` — from the time alone,
/// never from the previous frame — and the frame is drawn from it, usually in named layers.
/// Render workers draw frames in parallel, so each frame gets its own model from `makeModel`.
///
/// When a layer is redrawn, `--explain` says which model properties it read changed
/// ("Title: redrawn (model.title changed)"): the layers of the previous frame are drawn under the
/// Observation module's tracking, the model is moved on to this frame, and the layers whose
/// tracked properties were set are the ones the change concerns.
public protocol ModelScene: AnimatedScene {
    associatedtype Model: AnyObject & Observable

    /// A new model in its initial state.
    func makeModel() -> Model
    /// Sets the model to its state at `time`.
    func update(_ model: Model, at time: FrameTime)
    /// Draws the frame at `time` from `model`.
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime, model: Model)
}

extension ModelScene {
    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let model = makeModel()
        update(model, at: time)
        draw(in: &context, size: size, time: time, model: model)
    }

    public func layerChanges(from previous: FrameTime, to time: FrameTime, size: CGSize) -> [String: String] {
        let model = makeModel()
        update(model, at: previous)
        let before = ModelSnapshot(model)
        let observer = LayerObserver()
        _ = Canvas { context, size in draw(in: &context, size: size, time: previous, model: model) }
            .displayList(size: size, observer: observer)
        update(model, at: time)
        let changed = ModelSnapshot(model).changedProperties(since: before)
        guard !changed.isEmpty else { return [:] }
        let reason = changed.map { "model.\($0)" }.joined(separator: ", ") + " changed"
        return Dictionary(uniqueKeysWithValues: observer.changedLayers.map { ($0, reason) })
    }
}

/// The stored properties of an `@Observable` model, by name, as text: enough to tell which
/// changed between two moments. (The macro stores property `title` as `_title`.)
struct ModelSnapshot {
    let values: [(name: String, value: String)]

    init(_ model: AnyObject) {
        values = Mirror(reflecting: model).children.compactMap { child in
            guard var name = child.label, name != "_$observationRegistrar" else { return nil }
            if name.hasPrefix("_") { name.removeFirst() }
            return (name, String(describing: child.value))
        }
    }

    /// Names of the properties whose value differs from `earlier`, in declaration order.
    func changedProperties(since earlier: ModelSnapshot) -> [String] {
        zip(values, earlier.values).filter { $0.value != $1.value }.map(\.0.name)
    }
}
