import Foundation

/// A side of a view, as SwiftUI's `Edge`; leading is left (a video has no right-to-left
/// layout).
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    /// A set of sides, as SwiftUI's `Edge.Set`: `padding(.horizontal, 12)`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8

        public init(rawValue: Int8) {
            self.rawValue = rawValue
        }

        /// The set holding just `edge`.
        public init(_ edge: Edge) {
            rawValue = 1 << edge.rawValue
        }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}
