import FlipbookRaster
import Foundation

/// Reference-image checks: a rendering is compared with the PNG recorded for it under
/// `Tests/<target>/Snapshots/<feature>/<name>.png`.
///
/// Run with `FLIPBOOK_RECORD_SNAPSHOTS=1` (`make snapshots`) to write the references instead; a
/// recorded image is reviewed by eye before it is committed. Comparison allows one code value
/// per channel, so that floating-point differences between CPUs cannot fail a test.
public enum Snapshot {
    /// What a comparison found.
    public struct Result: Sendable {
        /// `nil` when the images match; otherwise why not.
        public var failure: String?
    }

    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["FLIPBOOK_RECORD_SNAPSHOTS"] == "1"
    }

    /// Compares `pixmap` with the reference `folder/feature/name.png` (recording it when asked).
    public static func check(_ pixmap: Pixmap, folder: String, feature: String, name: String) -> Result {
        let directory = RepositoryPaths.path("\(folder)/Snapshots/\(feature)")
        let path = "\(directory)/\(name).png"
        if isRecording {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            do {
                try Data(SnapshotPNG.write(pixmap)).write(to: URL(fileURLWithPath: path))
            } catch {
                return Result(failure: "cannot record \(path): \(error)")
            }
            return Result(failure: nil)
        }
        guard let data = FileManager.default.contents(atPath: path),
            let reference = try? SnapshotPNG.read([UInt8](data))
        else {
            return Result(failure: "no reference image \(path); record it with make snapshots")
        }
        guard reference.width == pixmap.width, reference.height == pixmap.height else {
            return Result(
                failure:
                    "\(name) is \(pixmap.width)×\(pixmap.height), its reference \(reference.width)×\(reference.height)"
            )
        }
        var worst = 0
        var differing = 0
        for i in pixmap.bytes.indices {
            let difference = abs(Int(pixmap.bytes[i]) - Int(reference.bytes[i]))
            worst = max(worst, difference)
            if difference > 1 { differing += 1 }
        }
        guard differing == 0 else {
            let saved = saveFailure(pixmap, reference: reference, feature: feature, name: name)
            return Result(
                failure:
                    "\(name): \(differing) channel values differ from \(path) by more than 1 (worst \(worst))"
                    + (saved.map { "; actual and difference in \($0)" } ?? ""))
        }
        return Result(failure: nil)
    }

    /// Writes the actual image and a difference image (each channel's difference × 32, opaque)
    /// into the ignored `.build/snapshot-failures/feature/`, for looking at; returns the folder.
    private static func saveFailure(_ pixmap: Pixmap, reference: Pixmap, feature: String, name: String)
        -> String?
    {
        let folder = RepositoryPaths.path(".build/snapshot-failures/\(feature)")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var difference = Pixmap(width: pixmap.width, height: pixmap.height)
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let (a, b) = (pixmap[x, y], reference[x, y])
                func scaled(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(min(255, abs(Int(p) - Int(q)) * 32)) }
                difference[x, y] = PremultipliedColor(
                    red: max(scaled(a.red, b.red), scaled(a.alpha, b.alpha)), green: scaled(a.green, b.green),
                    blue: scaled(a.blue, b.blue), alpha: 255)
            }
        }
        do {
            try Data(SnapshotPNG.write(pixmap)).write(
                to: URL(fileURLWithPath: "\(folder)/\(name).actual.png"))
            try Data(SnapshotPNG.write(difference)).write(
                to: URL(fileURLWithPath: "\(folder)/\(name).difference.png"))
            return folder
        } catch {
            return nil
        }
    }
}
