/// How a fill decides inside from outside, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// Even-odd rule when `true`, non-zero winding when `false`.
    public var isEOFilled: Bool
    /// Anti-aliased edges when `true`; when `false`, a pixel is in or out by whether at least
    /// half of it is covered.
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}
