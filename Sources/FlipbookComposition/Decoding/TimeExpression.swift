import FlipbookTimeline

/// A time as a file writes it, before it is resolved to seconds: an amount — seconds (`1.5`,
/// `"1.5"`, `"1.5s"`), milliseconds (`"500ms"`) or whole frames (`"36f"`) — or a marker's name
/// with an optional amount added or taken away (`"drop"`, `"drop+0.1"`, `"drop - 250ms"`,
/// `"drop+12f"`).
///
/// Frames need the frame rate and markers the composition's `markers`, so resolving is left to
/// `TimeReading`, which knows both.
package struct TimeExpression: Hashable, Sendable {
    /// An amount of time as written: seconds, or whole frames at a frame rate.
    package enum Amount: Hashable, Sendable {
        case seconds(Double)
        case frames(Int)

        /// The amount in seconds, frames counted at `rate`.
        package func seconds(at rate: FrameRate) -> Double {
            switch self {
            case .seconds(let seconds): seconds
            case .frames(let frames): Double(frames) * Double(rate.denominator) / Double(rate.numerator)
            }
        }
    }

    /// The marker the time counts from; `nil` for a plain amount.
    package var marker: String?
    /// The amount, added to the marker's time when there is one (negative: taken away).
    package var amount: Amount

    package init(marker: String? = nil, amount: Amount) {
        (self.marker, self.amount) = (marker, amount)
    }

    /// Reads `text`; `nil` when it is not a time.
    package init?(parsing text: String) {
        let trimmed = Substring(text).trimmingPrefix(while: \.isWhitespace)
        let content = trimmed.prefix(trimmed.count - trimmed.reversed().prefix(while: \.isWhitespace).count)
        guard let first = content.first else { return nil }
        if Self.startsName(first) {
            let name = content.prefix { Self.continuesName($0) }
            let rest = content.dropFirst(name.count).trimmingPrefix(while: \.isWhitespace)
            guard let sign = rest.first else {
                self.init(marker: String(name), amount: .seconds(0))
                return
            }
            guard sign == "+" || sign == "-",
                let amount = Self.amount(rest.dropFirst().trimmingPrefix(while: \.isWhitespace))
            else { return nil }
            self.init(marker: String(name), amount: sign == "-" ? amount.negated : amount)
            return
        }
        let negative = first == "-"
        guard let amount = Self.amount(first == "-" || first == "+" ? content.dropFirst() : content) else {
            return nil
        }
        self.init(amount: negative ? amount.negated : amount)
    }

    /// Whether `name` is one a marker may have: an ASCII letter or `_`, then ASCII letters,
    /// digits, `_` and `.` — never `+` or `-`, which add and take away, nor a digit first, which
    /// starts an amount.
    package static func isMarkerName(_ name: String) -> Bool {
        guard let first = name.first, startsName(first) else { return false }
        return name.allSatisfy(continuesName)
    }

    private static func startsName(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_")
    }

    private static func continuesName(_ character: Character) -> Bool {
        character.isASCII
            && (character.isLetter || character.isNumber || character == "_" || character == ".")
    }

    /// An unsigned amount: digits with an optional fraction and a unit — `s` or none (seconds),
    /// `ms`, or `f` after whole digits (frames).
    private static func amount(_ text: Substring) -> Amount? {
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = text.dropFirst(digits.count)
        guard digits.wholeMatch(of: /[0-9]*\.?[0-9]+|[0-9]+\./) != nil, let number = Double(digits) else {
            return nil
        }
        switch unit {
        case "", "s": return .seconds(number)
        case "ms": return .seconds(number / 1000)
        case "f":
            guard digits.allSatisfy(\.isNumber), let frames = Int(digits) else { return nil }
            return .frames(frames)
        default: return nil
        }
    }
}

extension TimeExpression.Amount {
    /// The same amount, negated.
    fileprivate var negated: Self {
        switch self {
        case .seconds(let seconds): .seconds(-seconds)
        case .frames(let frames): .frames(-frames)
        }
    }
}
