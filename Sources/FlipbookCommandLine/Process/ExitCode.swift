import Flipbook
import Foundation

/// The tool's exit statuses: the library's `ExitStatus`, shared with `FlipbookMain`.
typealias ExitCode = ExitStatus

/// An error that ends the command with a message and a specific exit code.
struct CommandError: Error {
    var code: ExitCode
    /// One line saying what is wrong (control characters are escaped when it is printed).
    var message: String
    /// A second line pointing to help, for usage errors.
    var hint: String?
    /// Further problems of the same input (a composition's other mistakes), a line each.
    var details: [String] = []

    init(code: ExitCode, message: String, hint: String? = nil, details: [String] = []) {
        (self.code, self.message, self.hint, self.details) = (code, message, hint, details)
    }

    static func usage(_ message: String) -> CommandError {
        CommandError(code: .usage, message: message, hint: "Run 'flipbook --help' for usage.")
    }

    /// The message as printed on stderr: control characters escaped, cut to a readable length.
    var printed: String {
        ([message] + details).map { "flipbook: \($0.forTerminal)\n" }.joined()
            + (hint.map { "\($0)\n" } ?? "")
    }

    /// The message and every further problem, one per line.
    var fullMessage: String {
        ([message] + details).joined(separator: "\n")
    }
}
