/// A rule between a key and another of its object, checked before the key's value is read.
package enum PropertyRule: Sendable {
    /// Only one of the two may be given: "give \"duration\" or \"end\", not both".
    case excludes(String)
    /// The key needs the other, or `message` is the error (`maskInverted` needs a `mask`).
    case requires(String, message: String)
}
