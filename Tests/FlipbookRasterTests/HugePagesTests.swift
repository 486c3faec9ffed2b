import FlipbookRaster
import Foundation
import Testing

/// Whether the kernel takes advice on transparent huge pages (`madvise` mode).
private let kernelTakesHugePageAdvice =
    (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))?
    .contains("[madvise]") == true

/// Where the kernel takes advice (transparent huge pages in `madvise` mode), a large pixmap's
/// memory must be eligible for huge pages: `/proc/self/smaps` says so per mapping. A fresh
/// mapping of the same size, not advised, is the control. Other modes decide without advice, so
/// there is nothing to see: the test is reported as skipped there.
@Test(.enabled(if: kernelTakesHugePageAdvice, "transparent huge pages are not in madvise mode"))
func largePixmapsAreAdvisedForHugePages() throws {
    let hugePage = UInt(1 << 21)
    let pixmap = Pixmap(width: 1920, height: 1080)
    let start = pixmap.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    #expect(try hugePageEligibility(at: (start + hugePage - 1) & ~(hugePage - 1)) == true)

    let byteCount = pixmap.bytes.count
    let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    let control = try #require(mapped == MAP_FAILED ? nil : mapped)
    defer { munmap(control, byteCount) }
    let inside = (UInt(bitPattern: control) + hugePage - 1) & ~(hugePage - 1)
    #expect(try hugePageEligibility(at: inside) == false)
}

/// The `THPeligible` field of the mapping holding `address` in `/proc/self/smaps`.
private func hugePageEligibility(at address: UInt) throws -> Bool? {
    // Read to the end: a file in /proc has no size, and reading by size stops early.
    let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    var inMapping = false
    for line in smaps.split(separator: "\n") {
        if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
            let start = UInt(line[..<dash], radix: 16),
            let end = UInt(line[line.index(after: dash)..<space], radix: 16)
        {
            inMapping = start <= address && address < end
        } else if inMapping, line.hasPrefix("THPeligible:") {
            return line.hasSuffix("1")
        }
    }
    return nil
}
