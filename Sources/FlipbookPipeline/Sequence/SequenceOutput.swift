import FlipbookFFmpeg
import Foundation

/// A PNG sequence on its way into its folder, replacing nothing but frames Flipbook wrote.
///
/// The frames are written into a hidden staging folder. A folder that did not exist appears as
/// a whole: the staging folder, with its manifest, is renamed into place. An existing folder is
/// never replaced as a whole; the new frames are moved into it one by one, then the frames an
/// earlier render recorded in its `SequenceManifest` and this one did not rewrite are deleted,
/// and the manifest is updated. A folder of its own (`frames/`) that holds files Flipbook did
/// not write, and has no manifest, is refused: it may be anyone's (`-o ./` is the current
/// folder). A pattern in a shared folder (`shots/take_%05d.png`) writes the frames it names,
/// and deletes only stale frames of the same pattern that the manifest says it wrote before; a
/// file of a frame's name that no manifest names is not replaced: the sequence is refused.
struct SequenceOutput {
    let folder: URL
    let pattern: String
    private let isShared: Bool
    private let staging: AtomicOutput
    /// The folder's manifest before this render, when the folder exists.
    private let previous: SequenceManifest?
    private let folderExisted: Bool

    /// Checks the destination and creates the staging folder.
    /// - Throws: `ExportError.outputNotWritable` for a file where the folder should be, a
    ///   foreign non-empty folder, or a folder that cannot be written.
    /// The index of the first frame, and the chunk stamp to record (a chunk of a render).
    private let first: Int
    private let chunk: ChunkStamp?

    init(layout: SequenceLayout, first: Int = 0, chunk: ChunkStamp? = nil) throws(ExportError) {
        (self.first, self.chunk) = (first, chunk)
        guard let folder = layout.folder, let pattern = layout.pattern else {
            throw .outputNotWritable(path: "", reason: "not a PNG sequence")
        }
        (self.folder, self.pattern, isShared) = (folder, pattern, layout.isShared)
        var status = stat()
        folderExisted = stat(folder.path, &status) == 0
        guard folderExisted else {
            previous = nil
            staging = try AtomicOutput(destination: folder, isFolder: true)
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .outputNotWritable(path: folder.path, reason: "it is a file, not a folder")
        }
        PartialName.removeAbandoned(in: folder)
        previous = SequenceManifest.read(in: folder)
        // A file of the manifest's name that is not a manifest of ours is someone else's: the
        // render would overwrite it when it records its frames.
        let manifestPath = folder.appendingPathComponent(SequenceManifest.fileName).path
        if previous == nil, FileManager.default.fileExists(atPath: manifestPath) {
            throw .outputNotWritable(
                path: manifestPath,
                reason: "it is not a Flipbook sequence manifest, and the sequence would replace it")
        }
        if !isShared, previous == nil {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if !names.isEmpty {
                throw .outputNotWritable(
                    path: folder.path,
                    reason:
                        "the folder holds files Flipbook did not write; a PNG sequence only replaces an "
                        + "empty folder or one it wrote itself (with \(SequenceManifest.fileName))")
            }
        }
        staging = try AtomicOutput(destination: folder, isFolder: true, temporaryIn: folder)
    }

    /// Where the frames are written while rendering.
    var stagingFolder: URL { staging.temporary }

    /// Puts the finished frames in place (see the type's description): all of them with their
    /// manifest, or — once a signal closed the `CommitGate` — none.
    func commit() throws(ExportError) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: staging.temporary.path)) ?? [])
            .sorted()
        let entry = SequenceManifest.Sequence(pattern: pattern, frames: names.count, first: first)
        guard folderExisted else {
            try SequenceManifest(sequences: [entry], chunk: chunk).write(in: staging.temporary)
            try staging.commit()
            return
        }
        var manifest = previous ?? SequenceManifest()
        let claimed = isShared ? manifest.sequences.filter { $0.pattern == pattern } : manifest.sequences
        let written = Set(claimed.flatMap(\.fileNames))
        // A file a frame would replace that no sequence of ours wrote is someone else's
        // (`shot_00001.png` beside `-o shot_%05d.png`): refused, and nothing is moved in.
        for name in names where !written.contains(name) {
            let target = folder.appendingPathComponent(name).path
            guard !FileManager.default.fileExists(atPath: target) else {
                throw .outputNotWritable(
                    path: target,
                    reason:
                        "Flipbook did not write it (no \(SequenceManifest.fileName) names it), and a frame would replace it"
                )
            }
        }
        let stale = written.subtracting(names)
        manifest.sequences.removeAll { !isShared || $0.pattern == pattern }
        manifest.sequences.append(entry)
        manifest.sequences.sort { $0.pattern < $1.pattern }
        manifest.chunk = chunk
        let record = try manifest.prepared(in: folder)
        defer {
            staging.discard()
            record.discard()
        }
        try CommitGate.admit { () throws(ExportError) in
            for name in names {
                let target = folder.appendingPathComponent(name).path
                guard rename(staging.temporary.appendingPathComponent(name).path, target) == 0 else {
                    throw .outputNotWritable(path: target, reason: AtomicOutput.systemReason())
                }
            }
            for name in stale.sorted() {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            try record.moveIntoPlace()
        }
    }

    func discard() {
        staging.discard()
    }
}
