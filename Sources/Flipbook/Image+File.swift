extension Image {
    /// A picture decoded from a PNG or JPEG file, once; draw it as often as needed.
    /// - Throws: `MediaError` naming the file when it cannot be read or decoded.
    public init(contentsOfFile path: String) throws {
        self.init(pixmap: try ImageFile.read(path))
    }
}
