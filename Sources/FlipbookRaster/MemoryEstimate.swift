import Foundation

/// How much memory a render will hold at its peak, worked out before its first frame from what
/// it will hold: canvases, decoded pictures, particles, text, sounds, the frames in flight.
///
/// Each part of a document reports its own share (a layer its offscreen canvases, an image its
/// decoded pixels, a scene its particles), as items that name where they come from (a JSON
/// path such as `layers[3].layers[0]`), so that a render over its budget is refused by naming
/// the largest. An item is held either once for the whole render (a decoded picture every
/// worker shares) or by every render worker while it draws a frame (an offscreen canvas, the
/// particles of a frame): `bytes(workers:)` counts the second kind once per worker.
///
/// The figures are estimates of the memory that is allocated and touched, not of the heap's
/// overhead: to within a factor of about two of what `getrusage` reports, enough to tell a
/// document that fits a machine from one that would take gigabytes.
package struct MemoryEstimate: Hashable, Sendable {
    /// One thing that holds memory.
    package struct Item: Hashable, Sendable {
        /// Where it comes from: a JSON path in the document (`layers[3].layers[0]`), or empty for
        /// what the render itself holds (its frames in flight, its caches, the encoder).
        package var path: String
        /// What it is, in a few words: "3 offscreen canvases of 2944×2104 pixels".
        package var what: String
        /// Its bytes (more than 0: `add` keeps no empty item): per worker when `perWorker`, else
        /// for the whole render.
        package var bytes: Int
        /// Whether every render worker holds one while it draws a frame.
        package var perWorker: Bool

        /// Its bytes when `workers` draw frames at once.
        package func bytes(workers: Int) -> Int {
            perWorker ? Self.product(bytes, max(workers, 1)) : bytes
        }

        /// `a × b`, or `Int.max` where that overflows: a hostile document's figures stay ordered.
        package static func product(_ a: Int, _ b: Int) -> Int {
            let (value, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : value
        }

        /// `a + b`, or `Int.max` where that overflows.
        package static func sum(_ a: Int, _ b: Int) -> Int {
            let (value, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : value
        }
    }

    package var items: [Item] = []

    package init(items: [Item] = []) {
        self.items = items
    }

    /// Adds an item: `bytes` held for `what` at `path`, once per worker when `perWorker`.
    package mutating func add(_ what: String, bytes: Int, path: String = "", perWorker: Bool) {
        guard bytes > 0 else { return }
        items.append(Item(path: path, what: what, bytes: bytes, perWorker: perWorker))
    }

    /// Adds every item of `other`.
    package mutating func add(_ other: MemoryEstimate) {
        items += other.items
    }

    /// The estimate with every item's path put under `prefix` (a scene's items under the layer
    /// that shows it): `""` becomes `prefix`, `count` becomes `prefix.count`.
    package func rooted(at prefix: String) -> MemoryEstimate {
        guard !prefix.isEmpty else { return self }
        return MemoryEstimate(
            items: items.map { item in
                var item = item
                item.path =
                    item.path.isEmpty
                    ? prefix : item.path.hasPrefix("[") ? prefix + item.path : "\(prefix).\(item.path)"
                return item
            })
    }

    /// All the items' bytes when `workers` draw frames at once.
    package func bytes(workers: Int) -> Int {
        items.reduce(0) { Item.sum($0, $1.bytes(workers: workers)) }
    }

    /// `bytes` for people: "640 MB", "6.4 GB" (decimal units, two figures below ten); a size
    /// round in binary units and not in decimal ones, as a budget given in them is, in those
    /// ("8 GiB", "1.5 GiB", "768 MiB").
    package static func format(_ bytes: Int) -> String {
        if bytes > 0, bytes <= Int.max / 10, bytes % (1 << 20) == 0, bytes % 1_000_000 != 0 {
            for (size, name) in [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB")] where bytes >= size {
                let tenths = bytes * 10 / size
                guard tenths * size == bytes * 10 else { continue }
                return tenths % 10 == 0 ? "\(tenths / 10) \(name)" : "\(tenths / 10).\(tenths % 10) \(name)"
            }
        }
        let scales: [(Double, String)] = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
        let value = Double(bytes)
        guard let (scale, name) = scales.first(where: { value >= $0.0 }) else { return "\(bytes) bytes" }
        let amount = value / scale
        let text = amount < 9.95 ? String(format: "%.1f", amount) : String(Int(amount.rounded()))
        return "\(text.hasSuffix(".0") ? String(text.dropLast(2)) : text) \(name)"
    }

    /// Bytes of a `width` × `height` RGBA canvas (four bytes a pixel), or `Int.max` past what
    /// a machine could hold.
    package static func canvasBytes(width: Int, height: Int) -> Int {
        Item.product(Item.product(max(width, 0), max(height, 0)), 4)
    }
}
