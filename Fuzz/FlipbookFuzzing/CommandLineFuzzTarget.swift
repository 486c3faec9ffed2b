import Dispatch
import FlipbookCommandLine
import Foundation

/// Fuzz target: any bytes, read as a command line — arguments separated by NUL or newline bytes,
/// the first one the command (`render`, `still`, `batch`, `validate`, …). The token `@preset`
/// stands for a small valid preset file. The command is checked as `flipbook` would check it
/// (`FlipbookTool.check`: parsing, the preset with its `--set`s, every option against the
/// format, the limits on the final values, the outputs) without rendering or writing: it must
/// give an exit code, never crash or hang. Flag values such as `--bitrate 1e19`, deep `--set`
/// paths and `%` patterns once crashed here.
public enum CommandLineFuzzTarget {
    /// A preset for `@preset`, written once into the temporary folder.
    static let presetPath: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flipbook-fuzz-\(ProcessInfo.processInfo.processIdentifier).json"
        ).path
        let text = #"{"scene": "confetti", "width": 64, "height": 36, "fps": 30, "duration": 0.5, "seed": 1}"#
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }()

    public static func run(_ bytes: UnsafeRawBufferPointer) {
        let arguments = bytes.split(whereSeparator: { $0 == 0 || $0 == 10 }).map { part in
            let text = String(decoding: part, as: UTF8.self)
            return text == "@preset" ? presetPath : text
        }
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = await FlipbookTool.check(arguments)
            done.signal()
        }
        done.wait()
    }
}
