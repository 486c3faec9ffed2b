import Foundation

extension Text {
    /// Letters set in capitals or small letters whatever the text's own (SwiftUI's `Text.Case`):
    /// a headline from a table of variants, or from a formatted value, in the design's case.
    public enum Case: String, CaseIterable, Hashable, Sendable {
        case uppercase, lowercase

        /// `text` in this case, by `locale`'s rules: Turkish "i" becomes "İ", German "ß" "SS".
        public func applied(to text: String, locale: Locale) -> String {
            switch self {
            case .uppercase: text.uppercased(with: locale)
            case .lowercase: text.lowercased(with: locale)
            }
        }
    }
}
