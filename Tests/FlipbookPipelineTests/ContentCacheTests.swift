import FlipbookPipeline
import Synchronization
import Testing

/// Produces `value` for `content` through the cache, as a render worker does on a miss.
private func produce(_ content: Int, _ value: String, bytes: Int, in cache: ContentCache<Int, String>) {
    guard case .produce(let pending) = cache.claim(content, owner: content) else {
        Issue.record("\(content) was not new")
        return
    }
    cache.fulfil(pending, for: content, with: value, bytes: bytes)
}

/// The frame cache hands every frame its budget pushes out back to the frame pool: values leave
/// least recently used first, the latest `minimumKept` stay whatever their size, and a value
/// still kept is never handed out.
@Test func valuesPushedOutOfTheBudgetGoToTheEvictedCallbackOldestFirst() {
    let evicted = Mutex<[String]>([])
    let cache = ContentCache<Int, String>(budgetBytes: 30) { value in evicted.withLock { $0.append(value) } }
    for index in 0..<3 { produce(index, "frame \(index)", bytes: 10, in: cache) }
    #expect(evicted.withLock { $0 }.isEmpty)
    // Frame 0 is used again, so frame 1 is now the least recently used.
    guard case .ready(let reused, _) = cache.claim(0, owner: 9) else {
        Issue.record("frame 0 was not kept")
        return
    }
    #expect(reused == "frame 0")
    produce(3, "frame 3", bytes: 10, in: cache)
    #expect(evicted.withLock { $0 } == ["frame 1"])
    // One value larger than the whole budget: everything but the latest two goes.
    produce(4, "frame 4", bytes: 100, in: cache)
    #expect(evicted.withLock { $0 } == ["frame 1", "frame 2", "frame 0"])
    #expect(ContentCache<Int, String>.minimumKept == 2)
    guard case .ready(let kept, _) = cache.claim(3, owner: 10) else {
        Issue.record("frame 3 was not kept")
        return
    }
    #expect(kept == "frame 3")
}
