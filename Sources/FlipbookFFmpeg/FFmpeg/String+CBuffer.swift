extension String {
    /// The UTF-8 text in `buffer` up to its first NUL (a C string filled in by FFmpeg).
    init(nulTerminated buffer: [CChar]) {
        self.init(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
