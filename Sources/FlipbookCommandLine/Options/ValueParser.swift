import Flipbook

/// How an option's text becomes a typed value. The parser holds the value's range or choices, so
/// a value out of range is refused where the command line is read, in words that come from here
/// too: `--threads expects a whole number from 1 to 256 (got "x")`. A range is stated once, in
/// the parser, and the usage error, `--help` and `docs/cli.md` write it from there.
///
/// Modelled on swift-argument-parser's `ExpressibleByArgument` (a value type that knows how to
/// read itself and what to complete it with), but as a value rather than a conformance, so that
/// two options with the same Swift type (`--threads` and `--jobs`, both `Int`) have their own
/// ranges.
struct ValueParser<Value: Sendable>: Sendable {
    /// What a value must be, as the usage error says it: "a whole number from 1 to 256".
    var expected: String
    /// The range as help and the docs write it ("1…256"): it stands for `{range}` in an option's
    /// help and doc texts. `nil` for a value without one.
    var range: String?
    /// What a shell offers for the value.
    var completion = ValueCompletion.nothing
    /// A value as help writes it, for a default ("4", "180").
    var describe: @Sendable (Value) -> String
    /// The value `text` means, or `nil` when it means none (or one out of range).
    var parse: @Sendable (String) -> Value?

    init(
        expected: String, range: String? = nil, completion: ValueCompletion = .nothing,
        describe: @escaping @Sendable (Value) -> String = { "\($0)" },
        parse: @escaping @Sendable (String) -> Value?
    ) {
        (self.expected, self.range, self.completion) = (expected, range, completion)
        (self.describe, self.parse) = (describe, parse)
    }

    /// The same parser, described as `words` in the usage error.
    func expecting(_ words: String) -> ValueParser {
        var parser = self
        parser.expected = words
        return parser
    }

    /// The same parser, completed in a shell with `completion`.
    func completing(_ completion: ValueCompletion) -> ValueParser {
        var parser = self
        parser.completion = completion
        return parser
    }

    /// "\(noun) from A to B[, e.g. example]": how the usage error states a range.
    static func rangeWords(_ noun: String, from lower: String, to upper: String, example: String?)
        -> String
    {
        "\(noun) from \(lower) to \(upper)" + (example.map { ", e.g. \($0)" } ?? "")
    }
}

extension ValueParser where Value == String {
    /// Any text, checked where it is used (a key path, a limit's name, a Slurm time).
    static var text: ValueParser { ValueParser(expected: "text") { $0 } }
    /// A path to a file.
    static var file: ValueParser { text.completing(.file) }
    /// A path to a folder.
    static var directory: ValueParser { text.completing(.directory) }
}

extension ValueParser where Value == Int {
    /// A whole number within `range`, described as "\(noun) from 1 to 256".
    static func integer(_ range: ClosedRange<Int>, _ noun: String = "a whole number", example: String? = nil)
        -> ValueParser
    {
        ValueParser(
            expected: rangeWords(
                noun, from: "\(range.lowerBound)", to: "\(range.upperBound)", example: example),
            range: "\(range.lowerBound)…\(range.upperBound)"
        ) { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}

extension ValueParser where Value == Double {
    /// A finite number within `range`, described as "\(noun) from 0 to 100".
    static func number(_ range: ClosedRange<Double>, _ noun: String = "a number", example: String? = nil)
        -> ValueParser
    {
        let (lower, upper) = (JSONField.format(range.lowerBound), JSONField.format(range.upperBound))
        return ValueParser(
            expected: rangeWords(noun, from: lower, to: upper, example: example), range: "\(lower)…\(upper)",
            describe: JSONField.format
        ) { text in
            Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
        }
    }
}

extension ValueParser where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the type's cases, by its raw value; a shell completes them all.
    static var choice: ValueParser {
        var parser = choice(Value.allCases.map(\.rawValue)) { Value(rawValue: $0) }
        parser.describe = { $0.rawValue }
        return parser
    }
}

extension ValueParser {
    /// One of `words`, read by `parse` (which may take other spellings too: `--color-range
    /// limited` as well as `tv`). The usage error lists the words and suggests the nearest.
    static func choice(_ words: [String], parse: @escaping @Sendable (String) -> Value?) -> ValueParser {
        ValueParser(
            expected: "one of " + words.joined(separator: ", "), completion: .words(words), parse: parse)
    }
}
