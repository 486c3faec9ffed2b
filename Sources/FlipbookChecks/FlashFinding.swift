/// Frames of a video that flash more than WCAG 2.3.1 allows: more than three flashes in one
/// second over an area large enough to matter.
package struct FlashFinding: Sendable, Equatable {
    package var kind: FlashKind
    /// The first and last frame of the seconds that flash too often: from the first transition
    /// counted at the first frame at which the count was over the limit (where the flashing
    /// began, not a second before that frame) to the last such frame.
    package var firstFrame: Int
    package var lastFrame: Int
    /// The most flashes in one second of a pixel of the flashing area (half its transitions).
    package var flashesPerSecond: Double
    /// The largest share of the screen flashing together inside one 10° field.
    package var area: Double
    /// The middle of the flashing pixels at the worst frame, as shares of the width and the
    /// height: what shows there is named as the cause.
    package var centreX: Double
    package var centreY: Double
    /// The frame at which the flashing area was largest.
    package var worstFrame: Int
}
