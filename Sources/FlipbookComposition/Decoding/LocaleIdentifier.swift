import Foundation

/// Checks a composition's `locale` before numbers and dates are written with it. Foundation
/// takes any identifier and falls back to neutral formatting for one it does not know, so a
/// typo (`"de_DX"`, `"xx_YY"`) would silently change how `{users:number}` reads.
enum LocaleIdentifier {
    /// Why `identifier` is not a locale, or `nil` when it is: one Foundation lists, or a known
    /// language followed by known regions, scripts (four letters) and variants (five to eight
    /// letters or digits), separated by `_` or `-`.
    static func problem(with identifier: String) -> String? {
        if Locale.availableIdentifiers.contains(identifier) { return nil }
        let parts = identifier.split(separator: /[_-]/, omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, languages.contains(language.lowercased()) else {
            return "\"\(parts.first ?? identifier)\" is not a language code"
        }
        for part in parts.dropFirst() {
            let isRegion =
                (part.count == 2 && part.allSatisfy(\.isLetter))
                || (part.count == 3 && part.allSatisfy(\.isNumber))
            if isRegion {
                guard regions.contains(part.uppercased()) else { return "\"\(part)\" is not a region code" }
            } else if !(4...8).contains(part.count) || !part.allSatisfy({ $0.isLetter || $0.isNumber }) {
                return "\"\(part)\" is not a region, script or variant"
            }
        }
        return nil
    }

    private static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    private static let regions = Set(Locale.Region.isoRegions.map(\.identifier))
}
