extension JSONField {
    /// One of `choices`, named by its raw value, with a did-you-mean on a near miss.
    package func choice<Choice: RawRepresentable>(_ choices: [Choice]) throws(PresetError) -> Choice
    where Choice.RawValue == String {
        let text = try string()
        if let match = choices.first(where: { $0.rawValue == text }) { return match }
        let names = choices.map(\.rawValue)
        let hint = DidYouMean.closest(to: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
        throw error("must be one of \(names.joined(separator: ", "))\(hint) (got \(value.summary))")
    }

    /// One of the strings `choices`.
    package func choice(_ choices: [String]) throws(PresetError) -> String {
        try choice(choices.map { Named(rawValue: $0) }).rawValue
    }
}

/// A plain string as a `RawRepresentable` choice.
private struct Named: RawRepresentable {
    var rawValue: String
}
