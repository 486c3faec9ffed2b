import Foundation

/// Paths inside this repository, found from this file's location (tests run from anywhere).
public enum RepositoryPaths {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
