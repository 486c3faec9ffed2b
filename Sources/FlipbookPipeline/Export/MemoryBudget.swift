import FlipbookRaster
import Foundation

/// The memory a render may take, checked before its first frame against the render's
/// `VideoExport.memoryEstimate`: a document within every limit of its parts (layers, sizes,
/// counts) may still need gigabytes together — fifteen nested 3D turns, a large picture shown
/// by a dozen layers — and is refused instead of taking the machine down part-way through.
///
/// By default half the machine's memory (or of the container's, when a control group limits
/// it), at most 8 GiB: a render leaves room for the rest of the machine, and a larger one is
/// asked for on purpose (`flipbook render --memory-limit 24GB`).
package struct MemoryBudget: Hashable, Sendable {
    /// The bytes a render may take.
    package var bytes: Int

    package init(bytes: Int) {
        self.bytes = bytes
    }

    /// The most the default budget is, whatever the machine: 8 GiB.
    package static let defaultCeiling = 8 << 30

    /// Half of the machine's memory (`ProcessInfo.physicalMemory`) — of the control group's, when
    /// one limits the process to less (`/sys/fs/cgroup/memory.max`) — at most `defaultCeiling`.
    package static var machineDefault: MemoryBudget {
        var memory = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
            let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit > 0
        {
            memory = min(memory, limit)
        }
        return MemoryBudget(bytes: min(max(memory / 2, 1 << 20), defaultCeiling))
    }

    /// The bytes a size is written in: plain bytes (`1500000000`), or a number with a unit —
    /// decimal `kB`, `MB`, `GB`, `TB` (powers of 1000; `K`, `M`, `G`, `T` too) or binary `KiB`,
    /// `MiB`, `GiB`, `TiB` (powers of 1024), in any case (`2GB`, `512MB`, `1.5GiB`, `8 gib`);
    /// `nil` for anything else, or below 1 MB or above 1 PB.
    package init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        let scales: [String: Double] = [
            "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12,
            "tb": 1e12,
            "kib": 0x1p10, "mib": 0x1p20, "gib": 0x1p30, "tib": 0x1p40,
        ]
        guard let value = Double(number), let scale = scales[unit] else { return nil }
        let bytes = (value * scale).rounded()
        guard bytes.isFinite, (1e6...1e15).contains(bytes) else { return nil }
        self.init(bytes: Int(bytes))
    }

    /// Checks that `export`, rendered with its render threads, fits the budget.
    /// - Parameter file: the preset, for the message.
    /// - Throws: `Exceeded`, naming the part of the document that takes the most.
    package func check(_ export: VideoExport, file: String) throws(Exceeded) {
        try check(export.memoryEstimate, workers: export.memoryWorkers, file: file)
    }

    /// Checks that `estimate`, with `workers` drawing frames at once, fits the budget.
    package func check(_ estimate: MemoryEstimate, workers: Int, file: String) throws(Exceeded) {
        let needed = estimate.bytes(workers: workers)
        guard needed > bytes else { return }
        // The document's costliest part, unless the render's own (its frames, its encoder)
        // costs more than any part of it.
        let part =
            estimate.largest(workers: workers) ?? MemoryEstimate.Part(path: "", bytes: needed, items: [])
        var reasons: [String] = []
        var counts: [String: Int] = [:]
        for item in part.items {
            if counts[item.what] == nil { reasons.append(item.what) }
            counts[item.what, default: 0] += 1
        }
        throw Exceeded(
            file: file, path: part.path, neededBytes: needed, budgetBytes: bytes, largestBytes: part.bytes,
            reasons: reasons.map {
                counts[$0, default: 1] > 1 ? "\($0) (\(counts[$0, default: 1]) times)" : $0
            },
            workers: part.items.contains(where: \.perWorker) ? workers : 1)
    }
}
