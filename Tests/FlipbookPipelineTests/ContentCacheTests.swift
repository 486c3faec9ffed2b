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

/// The frame cache hands every frame its budget pushes out back to the frame pool, with the
/// latest frame that claimed it (the pool takes it once the encoder has written that one):
/// values leave least recently used first, the latest `minimumKept` stay whatever their size,
/// and a value still kept is never handed out.
@Test func valuesPushedOutOfTheBudgetGoToTheEvictedCallbackOldestFirst() {
    let evicted = Mutex<[String]>([])
    let cache = ContentCache<Int, String>(budgetBytes: 30) { value, lastClaimant in
        evicted.withLock { $0.append("\(value) until \(lastClaimant)") }
    }
    for index in 0..<3 { produce(index, "frame \(index)", bytes: 10, in: cache) }
    #expect(evicted.withLock { $0 }.isEmpty)
    // Frame 0 is used again, so frame 1 is now the least recently used.
    guard case .ready(let reused, _) = cache.claim(0, owner: 9) else {
        Issue.record("frame 0 was not kept")
        return
    }
    #expect(reused == "frame 0")
    produce(3, "frame 3", bytes: 10, in: cache)
    #expect(evicted.withLock { $0 } == ["frame 1 until 1"])
    // One value larger than the whole budget: everything but the latest two goes.
    produce(4, "frame 4", bytes: 100, in: cache)
    #expect(evicted.withLock { $0 } == ["frame 1 until 1", "frame 2 until 2", "frame 0 until 9"])
    #expect(ContentCache<Int, String>.minimumKept == 2)
    guard case .ready(let kept, _) = cache.claim(3, owner: 10) else {
        Issue.record("frame 3 was not kept")
        return
    }
    #expect(kept == "frame 3")
}

/// The cache against a plain model of least-recently-used eviction (a search through every
/// entry, as the cache once did), over thousands of claims of sixty contents: hits,
/// values produced late while others are claimed and evicted, and values larger than the budget.
/// The cache finds the oldest value from its queue of uses; both must evict the same values in
/// the same order.
@Test func evictionMatchesAPlainLeastRecentlyUsedModel() {
    struct Entry {
        var content: Int
        var bytes: Int?
        var lastUse: Int
    }
    var model: [Entry] = []
    var modelEvicted: [Int] = []
    var clock = 0
    let budget = 400
    func modelEvict() {
        while model.reduce(0, { $0 + ($1.bytes ?? 0) }) > budget, model.count { $0.bytes != nil } > 2 {
            let oldest = model.indices.filter { model[$0].bytes != nil }.min {
                model[$0].lastUse < model[$1].lastUse
            }!
            modelEvicted.append(model.remove(at: oldest).content)
        }
    }
    let evicted = Mutex<[Int]>([])
    let cache = ContentCache<Int, Int>(budgetBytes: budget) { value, _ in
        evicted.withLock { $0.append(value) }
    }
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    var producing: [(content: Int, pending: PendingResult<Int>, bytes: Int)] = []
    for _ in 0..<6000 {
        clock += 1
        let content = next(60)
        switch cache.claim(content, owner: 0) {
        case .ready(let value, _):
            #expect(value == content)
            let index = model.firstIndex { $0.content == content }
            #expect(index != nil && model[index!].bytes != nil)
            if let index { model[index].lastUse = clock }
        case .pending:
            let index = model.firstIndex { $0.content == content }
            #expect(index != nil && model[index!].bytes == nil)
            if let index { model[index].lastUse = clock }
        case .produce(let pending):
            #expect(!model.contains { $0.content == content })
            model.append(Entry(content: content, bytes: nil, lastUse: clock))
            // Mostly small values; now and then one larger than the whole budget.
            producing.append((content, pending, next(50) == 0 ? budget + 1 : 1 + next(40)))
        }
        // Values are finished out of order, some while others are still being produced.
        while producing.count > next(4) {
            let (content, pending, bytes) = producing.remove(at: next(producing.count))
            cache.fulfil(pending, for: content, with: content, bytes: bytes)
            if let index = model.firstIndex(where: { $0.content == content }) { model[index].bytes = bytes }
            modelEvict()
        }
    }
    #expect(evicted.withLock { $0 } == modelEvicted)
    #expect(modelEvicted.count > 1000, "eviction was exercised")
    let counts = cache.counts
    #expect(counts.hits > 1000 && counts.misses > 1000)
}

/// Thousands of hits with nothing to evict pile up records of uses, which the cache rebuilds
/// from its entries now and then; the order of last uses survives it.
@Test func manyHitsKeepTheOrderOfLastUse() {
    let evicted = Mutex<[String]>([])
    let cache = ContentCache<Int, String>(budgetBytes: 1000) { value, _ in
        evicted.withLock { $0.append(value) }
    }
    for index in 0..<10 { produce(index, "\(index)", bytes: 10, in: cache) }
    var lastUse = Array(0..<10)
    var state: UInt64 = 7
    for use in 10..<5000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let content = Int((state >> 33) % 10)
        guard case .ready = cache.claim(content, owner: 0) else {
            Issue.record("\(content) was not kept")
            return
        }
        lastUse[content] = use
    }
    // Larger than the budget: all but the latest two go, least recently used first.
    produce(10, "10", bytes: 2000, in: cache)
    let expected = (0..<10).sorted { lastUse[$0] < lastUse[$1] }.dropLast().map(String.init)
    #expect(evicted.withLock { $0 } == Array(expected))
}

/// With a trial of three frames, a value that no later claim finds is dropped once the third
/// frame after its own has settled, however much budget is left; a value reused by the next
/// frame stays as long as the budget allows.
@Test func aValueNotReusedWithinItsTrialIsDroppedAndAReusedOneStays() {
    let evicted = Mutex<[String]>([])
    let cache = ContentCache<String, String>(budgetBytes: 1 << 30, trialFrames: 3) { value, _ in
        evicted.withLock { $0.append(value) }
    }
    /// Frame `frame` draws a static background and a sprite that moves every frame.
    func drawFrame(_ frame: Int) {
        for content in ["background", "sprite at \(frame)"] {
            if case .produce(let pending) = cache.claim(content, owner: frame) {
                cache.fulfil(pending, for: content, with: content, bytes: 10)
            }
        }
        cache.settle(through: frame)
    }
    for frame in 0..<3 { drawFrame(frame) }
    #expect(evicted.withLock { $0 }.isEmpty, "no trial has ended before frame 3")
    drawFrame(3)
    #expect(evicted.withLock { $0 } == ["sprite at 0"])
    for frame in 4..<10 { drawFrame(frame) }
    #expect(evicted.withLock { $0 } == (0..<7).map { "sprite at \($0)" })
    guard case .ready = cache.claim("background", owner: 10) else {
        Issue.record("the background was not kept")
        return
    }
    #expect(cache.counts == (hits: 10, misses: 11))
}

/// A value still being produced when its trial ends is not dropped then (its producer is about
/// to finish it, and claims may be waiting for it); it is judged again at the next settling,
/// and dropped if nothing reused it. A value reused in time stays.
@Test func aValueOnTrialIsJudgedWhenFinished() {
    let evicted = Mutex<[String]>([])
    let cache = ContentCache<String, String>(budgetBytes: 1 << 30, trialFrames: 2) { value, _ in
        evicted.withLock { $0.append(value) }
    }
    func produce(_ content: String, frame: Int) {
        if case .produce(let pending) = cache.claim(content, owner: frame) {
            cache.fulfil(pending, for: content, with: content, bytes: 1)
        }
    }
    guard case .produce(let slow) = cache.claim("slow", owner: 0) else {
        Issue.record("slow was not new")
        return
    }
    produce("frame 1", frame: 1)
    produce("frame 2", frame: 2)
    cache.settle(through: 3)
    #expect(evicted.withLock { $0 } == ["frame 1"])
    cache.fulfil(slow, for: "slow", with: "slow", bytes: 1)
    #expect(evicted.withLock { $0 } == ["frame 1"])
    cache.settle(through: 4)
    #expect(evicted.withLock { $0 } == ["frame 1", "frame 2", "slow"])
    // Reused by the next frame: kept long after its trial.
    produce("frame 5", frame: 5)
    guard case .ready = cache.claim("frame 5", owner: 6) else {
        Issue.record("frame 5 was not kept for frame 6")
        return
    }
    cache.settle(through: 20)
    guard case .ready = cache.claim("frame 5", owner: 21) else {
        Issue.record("frame 5 was not kept")
        return
    }
    #expect(evicted.withLock { $0 } == ["frame 1", "frame 2", "slow"])
}
