/// When a key is read, relative to the others of its object: most in the order declared (the
/// order the docs list them in); a few before or after the rest, because reading them uses what
/// others set (a text's templates check its counters).
package enum PropertyReadingOrder: Int, Sendable, Comparable {
    case first, inOrder, last

    package static func < (a: PropertyReadingOrder, b: PropertyReadingOrder) -> Bool {
        a.rawValue < b.rawValue
    }
}
