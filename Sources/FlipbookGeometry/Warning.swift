/// One warning: a render went on, but not as written. What it is about (`subject`, the preset and
/// row of a batch), where (`path`, the JSON path of the key or layer, when it has one), its class
/// and what is wrong.
public struct Warning: Hashable, Sendable, CustomStringConvertible {
    public var warningClass: WarningClass
    /// The JSON path in the preset (`layers[2]`, `layers[1].opacity[3]`); `nil` for a warning
    /// about no one part of it (unseeded randomness in a scene written in Swift).
    public var path: String?
    /// What is wrong and how to fix it, without the subject, path or class.
    public var message: String
    /// What the warnings of a sink are about (`"promo.json [de]"`, `WarningSink.about`).
    public var subject: String?

    public init(
        _ warningClass: WarningClass, at path: String? = nil, _ message: String, subject: String? = nil
    ) {
        (self.warningClass, self.path, self.message, self.subject) = (warningClass, path, message, subject)
    }

    /// The warning as one line: `promo.json [de]: layers[2]: its text is wider … [text-cut-off]`.
    public var description: String {
        [subject, path].compactMap { $0 }.map { "\($0): " }.joined() + message + " [\(warningClass.code)]"
    }
}
