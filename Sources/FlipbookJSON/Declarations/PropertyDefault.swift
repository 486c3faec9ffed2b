/// A property's default as the reference tables show it.
package enum PropertyDefault: Sendable, ExpressibleByStringLiteral {
    /// The key must be given.
    case required
    /// Left out, it is absent: "—".
    case absent
    /// Left out, it is this ("`1`", "the parent's centre").
    case shown(String)

    package init(stringLiteral text: String) { self = .shown(text) }
}
