import FlipbookFFmpeg
import Foundation

extension ExportError {
    /// The error a failed write of `temporary` stands for, told in terms of `destination`: a
    /// full disk and a file-system refusal get their own cases, other FFmpeg failures become
    /// `encodingFailed`; any mention of the temporary path names the destination instead (users
    /// never see the hidden file, which is gone by the time they read the message).
    static func mapping(_ error: any Error, temporary: URL, destination: URL) -> any Error {
        guard var error = error as? MediaError else { return error }
        let (hidden, shown) = (temporary.path, destination.path)
        error.operation = error.operation.replacingOccurrences(of: hidden, with: shown)
        error.message = error.message.replacingOccurrences(of: hidden, with: shown)
        error.log = error.log.map { $0.replacingOccurrences(of: hidden, with: shown) }
        if error.isOutOfSpace { return ExportError.outOfSpace(path: shown) }
        if error.isFileSystemRefusal, let number = error.systemErrorNumber {
            return ExportError.outputNotWritable(
                path: shown, reason: String(cString: strerror(number)).lowercased())
        }
        return ExportError.encodingFailed(error)
    }
}
