import Foundation

/// Descriptive tags written into the container (MP4, MOV, WebM). No creation time unless one is
/// given, so that outputs stay byte-for-byte reproducible.
public struct MediaMetadata: Hashable, Sendable {
    public var title: String?
    /// What the video shows, for people who cannot see it (a scene's accessibility label).
    public var description: String?
    public var comment: String?
    /// Written as `creation_time` when set.
    public var creationTime: Date?
    /// A chunk of a render says which (`flipbook_chunk`, `flipbook_content`, `flipbook_preset`).
    package var chunk: ChunkStamp?

    public init(
        title: String? = nil, description: String? = nil, comment: String? = nil, creationTime: Date? = nil
    ) {
        (self.title, self.description, self.comment, self.creationTime) =
            (title, description, comment, creationTime)
    }

    /// The tags as libavformat keys (`title`, `description`, `comment`, `creation_time`).
    var tags: [(key: String, value: String)] {
        var tags: [(String, String)] = []
        if let title { tags.append(("title", title)) }
        if let description { tags.append(("description", description)) }
        if let comment { tags.append(("comment", comment)) }
        if let creationTime {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            tags.append(("creation_time", formatter.string(from: creationTime)))
        }
        if let chunk { tags += chunk.tags }
        return tags
    }
}
