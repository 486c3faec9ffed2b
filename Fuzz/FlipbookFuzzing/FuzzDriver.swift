import Foundation

/// Runs a fuzz target without libFuzzer: over files (a corpus or crash reproducers) or over
/// seeded random inputs. `make test` uses it for a short run; `make fuzz` builds the same
/// targets with `-sanitize=fuzzer` for coverage-guided runs.
public enum FuzzDriver {
    /// Feeds every file under each path (files or folders) to `target`; returns how many.
    @discardableResult
    public static func replay(_ paths: [String], into target: (UnsafeRawBufferPointer) -> Void) -> Int {
        var count = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map {
                    "\(path)/\($0)"
                }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes(target)
                count += 1
            }
        }
        return count
    }

    /// Feeds `count` random inputs (seeded, so a failure reproduces) made by mutating the
    /// `seeds` — byte flips, insertions, deletions, splices — or from scratch when there are none.
    public static func random(
        count: Int, seed: UInt64, seeds: [[UInt8]], into target: (UnsafeRawBufferPointer) -> Void
    ) {
        var generator = SplitMixGenerator(state: seed)
        for _ in 0..<count {
            var input = seeds.isEmpty ? [] : seeds[Int(generator.next() % UInt64(seeds.count))]
            let mutations = 1 + Int(generator.next() % 8)
            for _ in 0..<mutations {
                let position = input.isEmpty ? 0 : Int(generator.next() % UInt64(input.count))
                switch generator.next() % 4 {
                case 0 where !input.isEmpty: input[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: input.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
                case 2 where !input.isEmpty: input.remove(at: position)
                default:
                    let length = Int(generator.next() % 16)
                    input.insert(
                        contentsOf: (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) },
                        at: position)
                }
            }
            input.withUnsafeBytes(target)
        }
    }
}

/// SplitMix64, local to the fuzz driver so it depends on nothing else.
struct SplitMixGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
