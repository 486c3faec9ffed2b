/// What a shell offers for an option's value (`flipbook completion`); the words of a choice also
/// name the nearest one in a usage error.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: a number, a colour, free text.
    case nothing
    /// Paths of files (and the folders on the way to them).
    case file
    /// Paths of folders.
    case directory
    /// These words: the values of a choice, or the usual ones of an open-ended value.
    case words([String])
}
