import FlipbookTimeline
import Testing

@Test func threeSecondsAtSixtyIsExactlyOneHundredEightyFrames() {
    let sampler = TimelineSampler(frameRate: FrameRate(60)!, durationSeconds: 3)
    #expect(sampler?.frameCount == 180)
    #expect(sampler?.durationSeconds == 3)
}

@Test func ntscRateRoundsUpToWholeFramesAndLastsThreePointZeroZeroThree() {
    let sampler = TimelineSampler(frameRate: FrameRate(30_000, 1001)!, durationSeconds: 3)
    #expect(sampler?.frameCount == 90)
    #expect(sampler?.durationSeconds == 3.003)
}

@Test func floatingPointNoiseInTheDurationDoesNotAddAFrame() {
    // 0.1 + 0.2 is 0.30000000000000004: still 18 frames at 60 fps, not 19.
    #expect(TimelineSampler(frameRate: FrameRate(60)!, durationSeconds: 0.1 + 0.2)?.frameCount == 18)
}

@Test func framesAreEvenlySpacedFromZero() {
    let sampler = TimelineSampler(frameRate: FrameRate(24)!, frameCount: 5)
    let expected: [Double] = (0..<5).map { Double($0) / 24 }
    #expect(Array(sampler.frames.map(\.seconds)) == expected)
    #expect(Array(sampler.frames.map(\.index)) == Array(0..<5))
}

@Test(arguments: [0.0, -1, .nan, .infinity, 1e12])
func impossibleDurationsAreRejected(seconds: Double) {
    #expect(TimelineSampler(frameRate: FrameRate(60)!, durationSeconds: seconds) == nil)
}
