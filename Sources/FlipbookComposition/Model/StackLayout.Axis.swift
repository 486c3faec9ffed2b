extension StackLayout {
    /// Where a stack puts its layers: one after another left to right (`row`, SwiftUI's
    /// `HStack`) or top to bottom (`column`, `VStack`), or on top of one another (`overlay`,
    /// `ZStack`), the first at the bottom.
    public enum Axis: String, CaseIterable, Hashable, Sendable {
        case row, column, overlay
    }
}
