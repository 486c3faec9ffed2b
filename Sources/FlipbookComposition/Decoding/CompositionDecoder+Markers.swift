import FlipbookJSON

extension CompositionDecoder {
    /// At most this many markers: one may be written from another, and a chain of them is
    /// followed by recursion, as deep as it is long.
    static let maximumMarkers = 1000

    /// `markers`: names to moments on the video's timeline, each any time a moment may be —
    /// another marker plus or minus a time too, so that markers may be written from one another
    /// (`"outro": "drop+4s"`), in any order. Each that cannot be read — a name a time could not
    /// name, a value that is no time, an unknown marker, markers that name one another in a
    /// circle — is recorded as a problem and left out; the rest are kept.
    func readMarkers(_ field: JSONField) -> [String: Double] {
        guard case .object(let members) = field.value.kind else {
            log.record(
                field.error(
                    "must be an object of names to times, such as {\"drop\": 1.2} (got \(field.value.summary))"
                ))
            return [:]
        }
        guard members.count <= Self.maximumMarkers else {
            log.record(
                field.error("may have at most \(Self.maximumMarkers) markers (got \(members.count))"))
            return [:]
        }
        var items: [String: JSONField] = [:]
        for member in members {
            let item = field.child(member.value, key: member.key)
            guard TimeExpression.isMarkerName(member.key) else {
                log.record(
                    item.error(
                        "a marker's name begins with a letter or \"_\" and has only letters, digits, \"_\" and \".\" (\"+\" and \"-\" add to a marker and take from it) (got \"\(member.key)\")"
                    ))
                continue
            }
            items[member.key] = item
        }
        markers = [:]
        var failed: Set<String> = []
        /// Reads the marker `name` after the marker it names, if any; `chain`: the markers
        /// waiting for it, to find a circle.
        func resolve(_ name: String, chain: [String]) {
            guard markers[name] == nil, !failed.contains(name), let item = items[name] else { return }
            if case .string(let text) = item.value.kind, let other = TimeExpression(parsing: text)?.marker {
                guard items[other] != nil else {
                    log.record(Self.unknownMarker(other, among: Array(items.keys), at: item))
                    failed.insert(name)
                    return
                }
                if let loop = chain.firstIndex(of: other) ?? (other == name ? chain.count : nil) {
                    let circle = (chain[loop...] + [name, other]).map { "\"\($0)\"" }
                    log.record(
                        item.error("markers name one another in a circle: \(circle.joined(separator: " → "))")
                    )
                    failed.insert(name)
                    return
                }
                resolve(other, chain: chain + [name])
                guard !failed.contains(other) else {
                    failed.insert(name)
                    return
                }
            }
            if let time = attempt({ () throws(PresetError) in try moment(item, clockStart: 0) }) {
                markers[name] = time
            } else {
                failed.insert(name)
            }
        }
        for member in members { resolve(member.key, chain: []) }
        return markers
    }
}
