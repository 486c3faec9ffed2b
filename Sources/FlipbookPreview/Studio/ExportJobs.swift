import Flipbook
import FlipbookPipeline
import Foundation
import Synchronization

/// The studio's exports: the whole video rendered to a file in the output folder, in a format
/// `render` writes, with progress told to every page (`export` events) and a link to the file
/// when done. An export never replaces a file: it takes the first free name of
/// `NAME.EXT`, `NAME-2.EXT`, … and is written as `render` writes (`AtomicOutput`: a temporary
/// file renamed into place when complete, removed if the export fails or is stopped). It writes
/// nothing outside the output folder.
package final class ExportJobs: Sendable {
    private struct Jobs {
        var next = 1
        var running: [Int: Task<Void, Never>] = [:]
        /// The names taken by exports still running.
        var reserved: Set<String> = []
    }

    /// The formats the page offers: every moving-picture format `render` writes to one file.
    package static let formats: [OutputFormat] = OutputFormat.allCases.filter {
        !$0.isStill && $0 != .pngSequence
    }

    private let jobs = Mutex(Jobs())
    private let folder: String
    private let events: EventStream

    package init(folder: String, events: EventStream) {
        (self.folder, self.events) = (folder, events)
    }

    /// Why an export did not start.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts exporting `document` as `format`; returns the job's number and the file's name.
    package func start(_ document: PreviewDocument, format: OutputFormat) throws(Refusal) -> (
        id: Int, name: String
    ) {
        guard Self.formats.contains(format), let fileExtension = format.fileExtensions.first else {
            throw Refusal(description: "cannot export as \(format)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Refusal(
                description: "cannot create the output folder \(folder): \(error.localizedDescription)")
        }
        var export = document.export
        export.output = document.preset.output.retargeted(to: format)
        export.sampler =
            TimelineSampler(
                frameRate: format.playableRate(export.sampler.frameRate),
                durationSeconds: export.sampler.durationSeconds) ?? export.sampler
        if AudioCodec.default(for: format) == nil { export.audio = nil }
        let base = ((document.preset.file as NSString).lastPathComponent as NSString).deletingPathExtension
        let (id, name) = jobs.withLock { jobs in
            var number = 1
            var name = "\(base).\(fileExtension)"
            while jobs.reserved.contains(name) || FileManager.default.fileExists(atPath: "\(folder)/\(name)")
            {
                number += 1
                name = "\(base)-\(number).\(fileExtension)"
            }
            jobs.reserved.insert(name)
            defer { jobs.next += 1 }
            return (jobs.next, name)
        }
        let destination = URL(fileURLWithPath: folder).appendingPathComponent(name)
        let events = events
        let task = Task.detached { [export] in
            events.publish("export", ["id": id, "name": name, "fraction": 0])
            do {
                let summary = try await export.run(to: destination) { progress in
                    // About a hundred events for the whole export, not one per frame.
                    guard progress.framesEncoded % max(1, progress.frameCount / 100) == 0 else { return }
                    events.publish("export", ["id": id, "name": name, "fraction": progress.fraction])
                }
                events.publish(
                    "export",
                    [
                        "id": id, "name": name, "fraction": 1, "done": true, "url": "/exports/\(name)",
                        "bytes": summary.bytes,
                    ])
            } catch {
                events.publish("export", ["id": id, "name": name, "error": "\(error)"])
            }
            self.finished(id, name: name)
        }
        jobs.withLock { $0.running[id] = task }
        return (id, name)
    }

    private func finished(_ id: Int, name: String) {
        jobs.withLock { jobs in
            jobs.running[id] = nil
            jobs.reserved.remove(name)
        }
    }

    /// Stops every export (their temporary files are removed) and waits for them to end.
    package func cancelAll() async {
        let running = jobs.withLock { Array($0.running.values) }
        for task in running { task.cancel() }
        for task in running { await task.value }
    }
}
