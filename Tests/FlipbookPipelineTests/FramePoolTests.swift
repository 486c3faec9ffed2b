import FlipbookFFmpeg
import FlipbookPipeline
import Testing

/// Where a frame's luma lives: the same address means the same buffer.
private func address(_ frame: YUVFrame) -> UnsafeRawPointer? {
    frame.luma.withUnsafeBytes { $0.baseAddress }
}

/// A frame the cache lets go of while the encoder has still to write a frame that uses it
/// waits: a worker taking it then would copy it whole on its first write. The pool hands it out
/// again once that frame is written, and a frame the encoder alone held comes back at once.
@Test func aFrameComesBackToThePoolOnlyWhenTheEncoderIsDoneWithIt() {
    let pool = FramePool(width: 4, height: 2)
    let evicted = pool.take()
    let evictedAddress = address(evicted)
    pool.recycle(evicted, afterWriting: 5)
    let meanwhile = pool.take()
    #expect(address(meanwhile) != evictedAddress)
    pool.didWrite(through: 4)
    let stillWaiting = pool.take()
    #expect(address(stillWaiting) != evictedAddress)
    pool.didWrite(through: 5)
    #expect(address(pool.take()) == evictedAddress)
    // Already written: free at once. And a frame the encoder alone held.
    pool.recycle(meanwhile, afterWriting: 3)
    #expect(address(pool.take()) == address(meanwhile))
    pool.recycle(stillWaiting)
    #expect(address(pool.take()) == address(stillWaiting))
}
