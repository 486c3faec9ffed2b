import Synchronization

/// Values computed from content, shared by all render workers: the first worker to meet new
/// content produces its value while others meeting the same content wait for it, so equal work
/// is done once. Memory is bounded (least recently used values go first) and hits and misses are
/// counted. The frame cache and the layer cache are both one of these.
///
/// A cache made with `trialFrames` also drops, budget or not, every value that no claim reused
/// by the time the frames up to `trialFrames` after the one it was produced for have made all
/// their claims (`settle(through:)`): the layer cache meets a new layer in every frame of an
/// animation (a logo springing in, a headline sliding), and these would otherwise fill its whole
/// budget with pixels nothing reads again.
///
/// Keys are the content's hash; a hit also compares the content itself, so a hash collision
/// cannot return a wrong value. Thread-safe: state behind one `Mutex`; producing and waiting
/// happen outside it.
package final class ContentCache<Content: Hashable & Sendable, Value: Sendable>: Sendable {
    package enum Claim {
        /// Already produced, for the frame `owner`.
        case ready(Value, owner: Int)
        /// Being produced for the frame `owner`: wait for it.
        case pending(PendingResult<Value>, owner: Int)
        /// New: produce it and `fulfil` the result.
        case produce(PendingResult<Value>)
    }

    private struct Entry {
        var content: Content
        var owner: Int
        /// The latest frame that claimed it (its owner, or a later frame reusing it).
        var lastClaimant: Int
        var value: Value?
        var pending: PendingResult<Value>?
        var bytes = 0
        var lastUse: Int
        /// Whether a claim after the one that produced it found it.
        var reused = false
    }

    private struct State {
        var entries: [Int: [Entry]] = [:]
        /// Every claim of an entry, oldest first from `oldest`: its time and key. An entry's
        /// latest claim is its `lastUse`; earlier records of it are stale and skipped. Eviction
        /// takes records from the front, so finding the least recently used value costs no
        /// search through all of them (thousands, for a text's letters moving one by one).
        var uses: [(use: Int, key: Int)] = []
        var oldest = 0
        /// Entries, and those holding a value.
        var count = 0
        var finished = 0
        /// The bytes the values hold, against the budget.
        var bytes = 0
        /// Counts claims: each claim's time, for `uses`.
        var clock = 0
        /// Lookups that found a value (hits) and those that had to produce one (misses), as
        /// `counts` reports them.
        var counts = (hits: 0, misses: 0)
        /// With a trial lifetime: the entries produced and not yet judged, in the order they
        /// were claimed (by owner, up to the few frames rendered at once), each named by its key
        /// and the clock of its claim (its first `lastUse`, which identifies it).
        var onTrial: [(owner: Int, key: Int, claimed: Int)] = []
        var trialStart = 0
        /// Every frame up to this one has made all its claims (frames are numbered from 0).
        var settled = -1

        /// Forgets the finished entry at `position` under `key`.
        mutating func removeFinished(key: Int, at position: Int) {
            guard let entry = entries[key]?.remove(at: position) else { return }
            if entries[key]?.isEmpty == true { entries[key] = nil }
            bytes -= entry.bytes
            count -= 1
            finished -= 1
        }

        /// Notes a claim of the entry under `key` at the current time.
        mutating func recordUse(key: Int) {
            uses.append((clock, key))
            // Without eviction stale records pile up: rebuilt from the entries' own last uses.
            guard uses.count - oldest > 2 * count + 1024 else { return }
            uses = entries.flatMap { key, bucket in bucket.map { (use: $0.lastUse, key: key) } }
                .sorted { $0.use < $1.use }
            oldest = 0
        }
    }

    private let state = Mutex(State())
    /// A value let go of, and the latest frame that claimed it.
    private typealias Dropped = (value: Value, lastClaimant: Int)
    let budgetBytes: Int
    /// Within how many frames after its own a value must be reused to stay; `nil` keeps values
    /// until the budget pushes them out.
    let trialFrames: Int?
    /// Called with each value dropped (by the budget or a trial) and the latest frame that
    /// claimed it, after the lock is released.
    private let evicted: @Sendable (Value, _ lastClaimant: Int) -> Void

    /// A cache of at most `budgetBytes` (beyond its `minimumKept` latest values) that hands each
    /// value it drops to `evicted`, with the latest frame that claimed it: the frame cache gives
    /// its frames back to the frame pool once the encoder has written that frame.
    /// With `trialFrames`, a value produced for frame `f` that no claim has reused once frame
    /// `f + trialFrames` has settled goes too (owners are then frame numbers).
    package init(
        budgetBytes: Int, trialFrames: Int? = nil,
        evicted: @escaping @Sendable (Value, _ lastClaimant: Int) -> Void = { _, _ in }
    ) {
        self.budgetBytes = budgetBytes
        self.trialFrames = trialFrames.map { max($0, 1) }
        self.evicted = evicted
    }

    /// Hits (values reused) and misses (values produced) so far.
    package var counts: (hits: Int, misses: Int) {
        state.withLock { $0.counts }
    }

    /// Looks `content` up for frame `owner`; a miss registers it as being produced by that frame.
    package func claim(_ content: Content, owner: Int) -> Claim {
        let key = content.hashValue
        return state.withLock { state in
            state.clock += 1
            if let position = state.entries[key]?.firstIndex(where: { $0.content == content }),
                let entry = state.entries[key]?[position]
            {
                state.entries[key]?[position].lastUse = state.clock
                state.entries[key]?[position].reused = true
                state.entries[key]?[position].lastClaimant = max(entry.lastClaimant, owner)
                state.recordUse(key: key)
                state.counts.hits += 1
                if let value = entry.value { return .ready(value, owner: entry.owner) }
                if let pending = entry.pending { return .pending(pending, owner: entry.owner) }
            }
            state.counts.misses += 1
            let pending = PendingResult<Value>()
            state.entries[key, default: []].append(
                Entry(
                    content: content, owner: owner, lastClaimant: owner, value: nil, pending: pending,
                    lastUse: state.clock))
            state.count += 1
            state.recordUse(key: key)
            if trialFrames != nil { state.onTrial.append((owner, key, state.clock)) }
            return .produce(pending)
        }
    }

    /// Stores the value produced for `content` (claimed through `pending`), wakes its waiters and
    /// evicts old values beyond the budget. `bytes` is the value's memory.
    package func fulfil(_ pending: PendingResult<Value>, for content: Content, with value: Value, bytes: Int)
    {
        let key = content.hashValue
        let dropped = state.withLock { state -> [Dropped] in
            if let position = state.entries[key]?.firstIndex(where: { $0.pending === pending }) {
                state.entries[key]?[position].value = value
                state.entries[key]?[position].pending = nil
                state.entries[key]?[position].bytes = bytes
                state.bytes += bytes
                state.finished += 1
            }
            return evict(&state)
        }
        pending.fulfil(value)
        for drop in dropped { evicted(drop.value, drop.lastClaimant) }
    }

    /// How many finished values stay whatever the budget: the latest distinct frames are what
    /// reuse mostly needs (a paused or periodic timeline repeats the one before; an alternating
    /// pair, the one before that).
    package static var minimumKept: Int { 2 }

    /// Notes that every frame up to `frame` has made all its claims, and drops the values whose
    /// trial that ends unreused.
    package func settle(through frame: Int) {
        let dropped = state.withLock { state in
            state.settled = max(state.settled, frame)
            return endTrials(&state)
        }
        for drop in dropped { evicted(drop.value, drop.lastClaimant) }
    }

    /// Drops the values whose trial ran out unreused, then least recently used finished values
    /// until the budget holds, keeping `minimumKept`; returns them.
    private func evict(_ state: inout State) -> [Dropped] {
        var dropped = endTrials(&state)
        // Records of values still being produced, which cannot go: put back in front after.
        var producing: [(use: Int, key: Int)] = []
        while state.bytes > budgetBytes, state.finished > Self.minimumKept, state.oldest < state.uses.count {
            let record = state.uses[state.oldest]
            state.oldest += 1
            guard let position = state.entries[record.key]?.firstIndex(where: { $0.lastUse == record.use }),
                let entry = state.entries[record.key]?[position]
            else { continue }  // stale: the entry was claimed again since, or is gone
            guard let value = entry.value else {
                producing.append(record)
                continue
            }
            state.removeFinished(key: record.key, at: position)
            dropped.append((value, entry.lastClaimant))
        }
        // The records taken from the front make room for those put back.
        state.oldest -= producing.count
        for (offset, record) in producing.enumerated() { state.uses[state.oldest + offset] = record }
        if state.oldest > 4096, state.oldest * 2 > state.uses.count {
            state.uses.removeFirst(state.oldest)
            state.oldest = 0
        }
        return dropped
    }

    /// Drops the finished values produced `trialFrames` or more frames before the last settled
    /// one that no claim has reused, and ends the trial of those that were; returns the dropped
    /// values. A value still being produced stays on trial until it is finished.
    private func endTrials(_ state: inout State) -> [Dropped] {
        guard let trialFrames else { return [] }
        var dropped: [Dropped] = []
        var unfinished: [(owner: Int, key: Int, claimed: Int)] = []
        while state.trialStart < state.onTrial.count,
            state.onTrial[state.trialStart].owner <= state.settled - trialFrames
        {
            let trial = state.onTrial[state.trialStart]
            state.trialStart += 1
            // The entry first claimed at `claimed`: its `lastUse` is that unless it was reused.
            guard let position = state.entries[trial.key]?.firstIndex(where: { $0.lastUse == trial.claimed }),
                let entry = state.entries[trial.key]?[position], !entry.reused
            else { continue }  // reused since, or gone
            guard let value = entry.value else {
                unfinished.append(trial)
                continue
            }
            state.removeFinished(key: trial.key, at: position)
            dropped.append((value, entry.lastClaimant))
        }
        state.onTrial.append(contentsOf: unfinished)
        if state.trialStart > 1024, state.trialStart * 2 > state.onTrial.count {
            state.onTrial.removeFirst(state.trialStart)
            state.trialStart = 0
        }
        return dropped
    }
}
