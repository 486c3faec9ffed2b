import FlipbookJSON
import FlipbookLottie
import FlipbookScenes
import Foundation
import Synchronization

/// Reads a preset file's text, refusing what is not a preset before reading it: a folder, a
/// FIFO or device (`/dev/zero`, which never ends; a FIFO, which could block forever), a file
/// larger than the `preset-bytes` limit, and text that is not UTF-8 (located at line:column).
package enum PresetFile {
    /// The path that stands for standard input (`flipbook render - -o out.mp4 < preset.json`),
    /// and the name its messages give it.
    package static let standardInput = (path: "-", name: "stdin")

    /// What a preset file holds: JSON text (a preset or a Lottie file), or a `.lottie`
    /// archive's bytes, told by the zip signature.
    enum Contents {
        case text(String)
        case archive([UInt8])
    }

    static func contents(at path: String, limits: RenderLimits) throws(PresetError) -> Contents {
        func refuse(_ reason: String, at location: TextLocation? = nil) -> PresetError {
            PresetError(file: path, location: location, path: "", message: reason)
        }
        if path == standardInput.path { return try standardInputContents(limits: limits) }
        // Non-blocking, so that opening a FIFO with no writer returns at once.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw refuse(errno == ENOENT ? "no such file" : String(cString: strerror(errno)).lowercased())
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw refuse(String(cString: strerror(errno)).lowercased())
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refuse("is a directory, not a preset file")
        case S_IFIFO: throw refuse("is a FIFO, not a regular file")
        case S_IFCHR, S_IFBLK: throw refuse("is a device, not a regular file")
        default: throw refuse("is not a regular file")
        }
        guard Int(status.st_size) <= limits.presetBytes else {
            throw refuse(
                "is \(status.st_size) bytes; "
                    + RenderLimits.exceeded(
                        "preset-bytes", limit: "\(limits.presetBytes)", got: "\(status.st_size)")
            ).exceeding("preset-bytes")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw refuse(String(cString: strerror(errno)).lowercased()) }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        return try checked(bytes, named: path, limits: limits)
    }

    /// Standard input's bytes, read to its end (or one byte past the size limit) the first time
    /// they are asked for: a command reads its preset more than once (to check it, then to
    /// render it).
    private static let standardInputBytes = Mutex<[UInt8]?>(nil)

    /// The preset on standard input, held to the same limits as a file's.
    private static func standardInputContents(limits: RenderLimits) throws(PresetError) -> Contents {
        var failure: Int32 = 0
        let bytes = standardInputBytes.withLock { cached -> [UInt8]? in
            if let cached { return cached }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            // One byte past the limit is enough to tell that the preset is too large.
            while bytes.count <= limits.presetBytes {
                let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                guard got > 0 else { break }
                bytes += chunk[..<got]
            }
            guard failure == 0 else { return nil }
            cached = bytes
            return bytes
        }
        guard let bytes else {
            throw PresetError(
                file: standardInput.name, location: nil, path: "",
                message: String(cString: strerror(failure)).lowercased())
        }
        return try checked(bytes, named: standardInput.name, limits: limits)
    }

    /// `bytes` as text, after the checks a file's and standard input's contents share: within
    /// the size limit (`bytes` holds at most one byte more), and UTF-8 — or, beginning as a zip
    /// archive does, a `.lottie` file's bytes.
    private static func checked(_ bytes: [UInt8], named name: String, limits: RenderLimits)
        throws(PresetError) -> Contents
    {
        func refuse(_ reason: String, at location: TextLocation? = nil) -> PresetError {
            PresetError(file: name, location: location, path: "", message: reason)
        }
        guard bytes.count <= limits.presetBytes else {
            throw refuse(RenderLimits.exceeded("preset-bytes", limit: "\(limits.presetBytes)", got: "more"))
                .exceeding("preset-bytes")
        }
        if DotLottieArchive.isArchive(bytes) { return .archive(bytes) }
        if let location = firstInvalidUTF8(bytes) {
            throw refuse(
                "invalid UTF-8: this byte does not begin or continue a UTF-8 character", at: location)
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// Where the first byte that is not well-formed UTF-8 is, counting columns in characters.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> TextLocation? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var location = TextLocation(line: 1, column: 1)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    (location.line, location.column) = (location.line + 1, 1)
                } else {
                    location.column += 1
                }
            case .emptyInput: return nil
            case .error: return location
            }
        }
    }
}
