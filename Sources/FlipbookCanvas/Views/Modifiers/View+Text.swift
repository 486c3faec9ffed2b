import Foundation

/// The text settings SwiftUI sets on any view, for every `Text` inside it that does not set its
/// own, as SwiftUI's environment carries them.
extension View {
    /// The font of the text inside this view whose pieces set none of their own, as SwiftUI's
    /// `font(_:)` on a container.
    public func font(_ font: Font?) -> some View {
        modified(by: InputModifier { $0.font = font })
    }

    /// How the lines of the text inside this view align.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }

    /// Extra points between the lines of the text inside this view.
    public func lineSpacing(_ spacing: CGFloat) -> some View {
        environment(\.lineSpacing, spacing)
    }

    /// At most `number` lines of each text inside this view, cut with "…".
    public func lineLimit(_ number: Int?) -> some View {
        environment(\.lineLimit, number)
    }

    /// Where the text inside this view cut short at its line limit loses characters.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environment(\.truncationMode, mode)
    }

    /// The case every letter of the text inside this view is set in.
    public func textCase(_ textCase: Text.Case?) -> some View {
        environment(\.textCase, textCase)
    }

    /// How much smaller the text inside this view may be set to fit what it is offered.
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.minimumScaleFactor, factor)
    }
}
