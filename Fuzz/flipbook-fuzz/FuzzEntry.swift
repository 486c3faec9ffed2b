import CLibFuzzer
import FlipbookFuzzing
import Foundation

/// `flipbook-fuzz`: runs one fuzz target, chosen by `FLIPBOOK_FUZZ_TARGET=preset|raster`
/// (libFuzzer owns the command line, so the choice cannot be a flag).
///
/// Built normally, it replays the files and folders given as arguments (corpus entries or crash
/// reproducers). Built by `make fuzz` (`-sanitize=fuzzer -D FUZZING`), it hands the command line
/// to libFuzzer for a coverage-guided run.
@main
enum FuzzEntry {
    static func main() {
        let name = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_TARGET"] ?? ""
        guard FuzzTargets.named(name) != nil else {
            let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(
                Data("flipbook-fuzz: set FLIPBOOK_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(64)
        }
        #if FUZZING
            exit(flipbook_run_libfuzzer(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput))
        #else
            let count = FuzzDriver.replay(Array(CommandLine.arguments.dropFirst()), into: run)
            print("replayed \(count) inputs without a crash")
        #endif
    }

    /// The chosen target, looked up once.
    static let run: @Sendable (UnsafeRawBufferPointer) -> Void =
        FuzzTargets.named(ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_TARGET"] ?? "") ?? { _ in }
}

/// libFuzzer's callback: one input.
private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
