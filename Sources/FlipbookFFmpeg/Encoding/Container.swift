/// The file a video stream and its sound go into, chosen by the output's name: MP4 (`.mp4`,
/// `.m4v`), QuickTime (`.mov`), WebM (`.webm`) or Matroska (`.mkv`). Each format lists the
/// containers that carry it (`OutputFormat.containers`), the first being where it goes when the
/// name does not say (`-o -`, a batch's files).
public enum Container: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case mp4
    case mov
    case webm
    case matroska

    /// The container `path`'s extension names, in any case; `nil` for any other name.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        guard let container = Self.allCases.first(where: { $0.fileExtensions.contains(suffix) }) else {
            return nil
        }
        self = container
    }

    public var description: String {
        switch self {
        case .mp4: "MP4"
        case .mov: "MOV"
        case .webm: "WebM"
        case .matroska: "Matroska"
        }
    }

    /// The file extensions that name it; the first is the usual one.
    public var fileExtensions: [String] {
        switch self {
        case .mp4: ["mp4", "m4v"]
        case .mov: ["mov"]
        case .webm: ["webm"]
        case .matroska: ["mkv"]
        }
    }

    /// libavformat's muxer.
    var muxer: String {
        switch self {
        case .mp4: "mp4"
        case .mov: "mov"
        case .webm: "webm"
        case .matroska: "matroska"
        }
    }

    /// Whether it is an ISO base media file (MP4, QuickTime), whose index can precede the
    /// media (`+faststart`) and which keeps custom tags only as metadata keys (`mdta`).
    var isISOMedia: Bool { self == .mp4 || self == .mov }
}
