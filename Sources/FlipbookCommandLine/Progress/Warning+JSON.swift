import Flipbook

extension Warning {
    /// The warning as `validate --json` and `inspect --json` give it: `{"path", "class",
    /// "message"}`, without a `path` when it is about no one part of the preset.
    var json: JSONOutput {
        .object(
            (path.map { [("path", JSONOutput.string($0))] } ?? []) + [
                ("class", .string(warningClass.code)), ("message", .string(message)),
            ])
    }
}
