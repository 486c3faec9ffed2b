/// Which code values a YUV stream uses for black to white.
public enum ColorRange: String, CaseIterable, Hashable, Sendable {
    /// "tv"/limited: Y 16…235, Cb/Cr 16…240 — what players expect of H.264, HEVC and VP9.
    case limited
    /// "pc"/full: 0…255 — what JPEG uses.
    case full

    /// Parses `tv`, `limited`, `mpeg`, `pc`, `full` or `jpeg`.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "tv", "limited", "mpeg": self = .limited
        case "pc", "full", "jpeg": self = .full
        default: return nil
        }
    }
}
