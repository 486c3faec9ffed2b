import Flipbook
import Foundation

/// `-o -`: the output goes to standard output, for a script that pipes it on
/// (`flipbook render p.json -o - --format h264 | upload`).
///
/// Encoders need a file they can seek in (MP4 writes its index at the front), so the render
/// writes into a private folder in the system's temporary folder; when the file is complete its
/// bytes are copied to standard output, and the folder is deleted whatever happens. A pipe gets
/// the whole file or nothing: a render that fails or is interrupted writes no byte to it.
struct StandardOutput {
    /// The `-o` value that means standard output.
    static let name = "-"
    /// How messages name it.
    static let shownAs = "standard output"

    /// The private folder, and the file the render writes in it.
    let folder: String
    let file: String

    /// Refuses what cannot share standard output with the output, before anything is written to
    /// it: JSON progress (written to standard output too), a captions file (it has no name to go
    /// beside), and a terminal (video bytes would garble it).
    static func check(_ list: ArgumentList) throws(CommandError) {
        if list[\.captions] {
            throw .usage("--captions writes a file beside the output, and -o - has no name to put it beside")
        }
        if list[\.progress] == .json {
            throw .usage(
                "--progress json writes its events to standard output, which -o - gives to the output; "
                    + "use --progress bar or none (they write to stderr)")
        }
        if isatty(STDOUT_FILENO) == 1 {
            throw .usage(
                "-o - writes the output to standard output, which is a terminal: pipe it or redirect it")
        }
    }

    /// Refuses a format that is not one file: a PNG sequence.
    static func check(_ format: OutputFormat) throws(CommandError) {
        if format == .pngSequence {
            throw .usage("-o - writes one file to standard output; a PNG sequence is a folder of files")
        }
    }

    /// Makes the private folder (mode 700) for a file of `format`.
    init(format: OutputFormat) throws(CommandError) {
        var template = Array(
            (FileManager.default.temporaryDirectory.path + "/flipbook-stdout-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw CommandError(
                code: .outputNotWritable, message: "cannot make a temporary folder for -o -: \(reason)")
        }
        folder = String(cString: made)
        file = folder + "/output." + (format.fileExtensions.first ?? format.rawValue)
        TemporaryFiles.register(folder)
    }

    /// Copies the finished file to standard output. A reader that goes away (`| head -c 100`) or a
    /// full disk ends the command as any failed write to standard output does (141 or 74).
    func deliver() throws(CommandError) {
        guard let input = FileHandle(forReadingAtPath: file) else {
            throw CommandError(code: .failure, message: "cannot read the finished output \(file)")
        }
        defer { try? input.close() }
        while true {
            let chunk: Data
            do {
                guard let read = try input.read(upToCount: 1 << 20), !read.isEmpty else { return }
                chunk = read
            } catch {
                throw CommandError(
                    code: .failure, message: "cannot read the finished output \(file): \(error)")
            }
            guard StandardStreams.out(bytes: chunk) else {
                throw CommandError(code: .outputNotWritable, message: StandardStreams.failureMessage ?? "")
            }
        }
    }

    /// Deletes the private folder and what is in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
        TemporaryFiles.unregister(folder)
    }
}
