import Foundation

extension ImageRenderer {
    /// A renderer of `content`, laid out as SwiftUI's `ImageRenderer` lays out a view: offered
    /// `proposedSize` — `.unspecified` unless set, so the picture is the view's ideal size (a
    /// `Card` whose canvas is framed 200 × 100 renders 200 × 100 points) — and the picture as
    /// large as the view chooses to be.
    public convenience init<Content: View>(content: Content) {
        self.init(content: ViewScene(content))
        proposedSize = .unspecified
    }
}
