import Flipbook
import Foundation

/// What a command was asked to write, checked before any work starts, so that nothing is
/// written, replaced or deleted that the user did not ask for.
enum OutputTarget {
    /// The format `--format` names, else the one the output's name implies. A `--format` that
    /// the name contradicts (`--format hevc -o x.webm`) is a usage error, and so is a name with a
    /// malformed frame pattern (`%d%d`, `%s`, `%099d`), which would be written as one literal
    /// file (exit 65).
    static func format(_ list: ArgumentList, outputPath: String) throws(CommandError) -> OutputFormat {
        if let problem = OutputFormat.patternProblem(in: outputPath) {
            throw CommandError(code: .invalidInput, message: "-o \(outputPath): \(problem)")
        }
        guard let format = list[\.format] else {
            if outputPath == StandardOutput.name {
                throw .usage(
                    "-o - writes to standard output: say the format with --format ("
                        + OutputFormat.allCases.filter { $0 != .pngSequence }.map(\.rawValue).joined(
                            separator: ", ")
                        + ")")
            }
            guard let format = OutputFormat(path: outputPath) else {
                throw .usage(
                    "cannot tell the format from \"\(outputPath)\": use .mp4 .webm .mov .mkv .gif .apng .webp .png .jpg, "
                        + "a name_%05d.png pattern or a folder/, or say --format")
            }
            try refuseFolder(at: outputPath, format: format)
            return format
        }
        if let named = format.contradiction(with: outputPath) {
            let names = format.fileExtensions.map { ".\($0)" }.joined(separator: " or ")
            throw .usage(
                "--format \(format) contradicts \(outputPath), a name for \(named): name the output "
                    + (names.isEmpty ? "folder/ or name_%05d.png" : "with \(names)") + ", or drop --format")
        }
        try refuseFolder(at: outputPath, format: format)
        return format
    }

    /// Refuses (exit 73) a folder where a file's name (`x.mp4`) says the output goes: a file
    /// cannot take a folder's place, and the folder is no name for a PNG sequence either (the
    /// name says the format). A link to a folder is left to the render, which refuses it as
    /// one (`AtomicOutput`).
    private static func refuseFolder(at outputPath: String, format: OutputFormat) throws(CommandError) {
        guard format != .pngSequence, outputPath != StandardOutput.name else { return }
        var status = stat()
        guard lstat(outputPath, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        throw CommandError(code: .outputNotWritable, message: "cannot write \(outputPath): it is a folder")
    }

    /// The URL of an output as its format says: a file's unless it is a PNG sequence, whatever
    /// is there now. (`URL(fileURLWithPath:)` looks, and makes a folder's URL, whose name ends
    /// in `/`: a folder in a file's place would read as a sequence's name, contradicting the
    /// format, instead of being refused as a folder when the file is written.)
    static func destination(_ path: String, format: OutputFormat) -> URL {
        format == .pngSequence ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, isDirectory: false)
    }

    /// The single value of `-o`/`--output`; given twice it is a usage error, since which of the
    /// two was meant cannot be told. `-o -` (standard output, `StandardOutput`) is refused with
    /// the reason `refusal` gives, where there is one.
    static func path(_ list: ArgumentList, missing: String, standardOutput refusal: String? = nil)
        throws(CommandError) -> String
    {
        let count = list.count(of: \.output)
        guard count <= 1 else { throw .usage("-o/--output given \(count) times; give one output") }
        guard let path = list[\.output], !path.isEmpty else { throw .usage(missing) }
        if path == StandardOutput.name, let refusal {
            throw .usage("-o - (standard output): \(refusal); name a file or folder")
        }
        return path
    }

    /// Refuses (exit 73) an output that is one of the inputs — the same file under any name: a
    /// link, a hard link, a path through `..` (files are told apart by device and inode).
    static func refuseInputs(_ inputs: [String], outputs: [String]) throws(CommandError) {
        try refuseInputs(inputs.map { (path: $0, reader: nil) }, outputs: outputs)
    }

    /// `refuseInputs(_:outputs:)` for inputs of several renders, each with who reads it
    /// (`launch.json [clip]`), which the message names.
    static func refuseInputs(_ inputs: [(path: String, reader: String?)], outputs: [String])
        throws(CommandError)
    {
        var read: [FileIdentity: (path: String, reader: String?)] = [:]
        for input in inputs {
            if let identity = FileIdentity(path: input.path), read[identity] == nil { read[identity] = input }
        }
        for output in outputs {
            guard let written = FileIdentity(writingTo: output), let input = read[written] else { continue }
            throw CommandError(
                code: .outputNotWritable,
                message: "cannot write \(output): it is the input \(input.path)"
                    + (input.reader.map { " of \($0)" } ?? "") + ", which would be overwritten")
        }
    }

    /// Refuses (exit 73) a PNG sequence at `destination` that would write a frame over one of
    /// the inputs, or delete one as a stale frame of an earlier render (`SequenceOutput`).
    static func refuseSequenceInputs(_ inputs: [String], destination: String) throws(CommandError) {
        guard let input = SequenceInputs.replaced(among: inputs, by: URL(fileURLWithPath: destination))
        else { return }
        throw CommandError(
            code: .outputNotWritable,
            message:
                "cannot write the PNG sequence \(destination): it would replace or delete the input \(input)")
    }

    /// Refuses (exit 73), without making anything, an output that could not be written: with
    /// `isFile`, a folder in its place; a file where a folder on its way must be; the nearest
    /// folder on its way that may not be written in (no permission, a read-only file system).
    /// `--dry-run` checks so what the render finds when it makes the folders and the file.
    static func refuseUnwritable(_ path: String, isFile: Bool = false) throws(CommandError) {
        var status = stat()
        if isFile, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CommandError(code: .outputNotWritable, message: "cannot write \(path): it is a folder")
        }
        try refuseUnwritable(folder: folder(of: path), saying: "cannot write \(path)")
    }

    /// Refuses (exit 73) `folder` — or while it is missing, the nearest folder on its way, where
    /// it would be made — when it is a file or may not be written in; `failure` begins the
    /// message (`cannot write into out`).
    static func refuseUnwritable(folder: String, saying failure: String) throws(CommandError) {
        var folder = folder
        var status = stat()
        while stat(folder, &status) != 0 {
            let parent = Self.folder(of: folder)
            guard parent != folder else { return }
            folder = parent
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError(
                code: .outputNotWritable, message: "\(failure): \(folder) is a file, not a directory")
        }
        guard access(folder, W_OK) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw CommandError(code: .outputNotWritable, message: "\(failure): \(folder): \(reason)")
        }
    }

    /// The folder `path` lies in, as written: `out/a` for `out/a/x.mp4` (or `out/a/x/`), `.` for
    /// `x.mp4`, `/` for `/x.mp4`. (Foundation's `deletingLastPathComponent` traps on `./`.)
    static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var head = trimmed[..<slash]
        while head.count > 1, head.last == "/" { head.removeLast() }
        return head.isEmpty ? "/" : String(head)
    }

    /// `name` inside `folder`, as written: `out/x.mp4`, `./x.mp4`, `/x.mp4`.
    static func path(_ name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Creates the folders missing on the way to `path` (as `mkdir -p`) and returns them,
    /// outermost first, written as `path` writes them (`out/a`, as the note about them says). A
    /// PNG sequence's own folder (`frames/`) is left to the export, which creates it whole.
    static func createFolders(for path: String) throws(CommandError) -> [String] {
        var missing: [String] = []
        var candidate = folder(of: path)
        while candidate != ".", candidate != "/", !FileManager.default.fileExists(atPath: candidate) {
            missing.insert(candidate, at: 0)
            candidate = folder(of: candidate)
        }
        for created in missing where mkdir(created, 0o755) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno)).lowercased()
            removeFolders(missing)
            throw CommandError(
                code: .outputNotWritable, message: "cannot create the folder \(created): \(reason)")
        }
        return missing
    }

    /// Removes folders `createFolders` made, innermost first, if they are still empty.
    static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }
}

/// A file's device and inode: equal for two paths that name the same file (links, `./x`).
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    /// `nil` when nothing exists at `path`.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// The file a write to `output` reaches once the missing folders on its way are created:
    /// `x/../p.json` is `p.json` after `x` is made, though `stat` cannot follow it while `x` is
    /// missing. `nil` when nothing exists there yet.
    init?(writingTo output: String) {
        self.init(path: Self.physicalPath(of: output))
    }

    /// `path` with every folder that exists resolved (links and `..` followed as the kernel
    /// follows them) and the missing ones, which `OutputTarget.createFolders` makes as plain
    /// folders, taken as written: a `..` after one of them leads back to its parent.
    static func physicalPath(of path: String) -> String {
        // Split by hand: `URL.pathComponents` drops `x/..` by the letters, wrong where `x` is a link.
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var resolved = ""
        for component in absolute.split(separator: "/").map(String.init) where component != "." {
            guard component != ".." else {
                resolved = String(resolved[..<(resolved.lastIndex(of: "/") ?? resolved.startIndex)])
                continue
            }
            let candidate = resolved + "/" + component
            guard let real = realpath(candidate, nil) else {
                resolved = candidate
                continue
            }
            resolved = String(cString: real)
            free(real)
        }
        return resolved.isEmpty ? "/" : resolved
    }
}
