import Foundation

/// A piece of a picture that is laid out by size, as SwiftUI's `View`: a value whose `body` is
/// made of other views, down to the ones Flipbook lays out and draws itself — `Canvas`, `Text`,
/// `Image`, `Color` and gradients, shapes, `Spacer`, the stacks, and the modifiers' frames.
///
/// ```swift
/// struct Card: View {
///     var body: some View {
///         Canvas { context, size in … }
///             .frame(width: 200, height: 100)
///     }
/// }
/// ```
///
/// `ImageRenderer(content: Card())` renders a view at its ideal size; `Card().scene` is a scene
/// that renders it into every frame of a video. Layout is SwiftUI's: a parent proposes a size
/// (`ProposedViewSize`), the child chooses its own, and the parent places it by alignment.
///
/// A body is evaluated afresh for every frame, on whichever thread draws that frame, so it may
/// depend only on the view's own properties — there is no `@State`, and time comes in through
/// `TimelineView`. That is also why `View` is not bound to the main actor, unlike SwiftUI's, and
/// why a view's type may be passed between threads (`SendableMetatype`: every type declared in
/// the ordinary way is).
///
/// The views Flipbook lays out itself are their own body (SwiftUI declares theirs `Never`, and
/// asking for it traps); their layout is internal.
public protocol View: SendableMetatype {
    /// The type of view this view is made of.
    associatedtype Body: View

    /// What this view is made of.
    @ViewBuilder var body: Body { get }
}
