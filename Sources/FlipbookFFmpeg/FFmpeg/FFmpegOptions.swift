import CFFmpeg

/// Passes options to an FFmpeg call through an `AVDictionary`, and fails loudly on any option
/// the call did not use: FFmpeg leaves unknown names in the dictionary without complaint, so a
/// mistyped option would otherwise be silently ignored.
enum FFmpegOptions {
    static func apply(
        _ options: [String: String], operation: String,
        _ call: (inout OpaquePointer?) -> Int32
    ) throws {
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            try MediaError.check(av_dict_set(&dictionary, key, value, 0), "set option \(key)")
        }
        try MediaError.check(call(&dictionary), operation)
        var leftovers: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            leftovers.append(String(cString: next.pointee.key))
            entry = next
        }
        guard leftovers.isEmpty else {
            throw MediaError(
                operation: operation,
                message: "FFmpeg did not recognise the option(s) \(leftovers.joined(separator: ", "))")
        }
    }
}
