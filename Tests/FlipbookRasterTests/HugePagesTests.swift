import Foundation
import Testing

@testable import FlipbookRaster

@Test func largeBuffersStartOnAHugePageAndSmallOnesAreOrdinary() {
    let large = HugePages.allocate(Float.self, capacity: HugePages.size)
    defer { HugePages.deallocate(large) }
    #expect(UInt(bitPattern: large) % UInt(HugePages.size) == 0)
    large.initialize(repeating: 1, count: HugePages.size)
    #expect(large[HugePages.size - 1] == 1)

    let small = HugePages.allocate(Float.self, capacity: 16)
    defer { HugePages.deallocate(small) }
    small.initialize(repeating: 2, count: 16)
    #expect(small[15] == 2)
}

/// Where the kernel takes advice (transparent huge pages in `madvise` mode), the advised range
/// must become eligible for huge pages: `/proc/self/smaps` says so per mapping. Other modes
/// decide without advice, so there is nothing to see.
@Test func advisedRangesBecomeEligibleForHugePages() throws {
    guard
        let mode = try? String(
            contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
        mode.contains("[madvise]")
    else { return }
    // A mapping of its own: memory from `malloc` may lie in a region that an earlier pixmap
    // advised already (another test's), which would make the first expectation fail.
    let byteCount = 3 * HugePages.size
    let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    let raw = try #require(mapped == MAP_FAILED ? nil : mapped)
    defer { munmap(raw, byteCount) }
    let inside = (UInt(bitPattern: raw) + UInt(HugePages.size - 1)) & ~UInt(HugePages.size - 1)
    #expect(try hugePageEligibility(at: inside) == false)
    HugePages.advise(raw, byteCount: byteCount)
    #expect(try hugePageEligibility(at: inside) == true)
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
