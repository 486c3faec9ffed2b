import FlipbookCanvas
import Foundation
import Testing

@Test func timingCurvesStartAtZeroEndAtOneAndEaseAsNamed() {
    for animation in [Animation.linear, .easeIn, .easeOut, .easeInOut, .spring] {
        #expect(animation.progress(at: 0) == 0)
        #expect(animation.progress(at: -1) == 0)
        #expect(animation.progress(at: animation.duration + 0.01) == 1)
    }
    let quarter = Animation.defaultDuration / 4
    #expect(abs(Animation.linear.progress(at: quarter) - 0.25) < 1e-12)
    #expect(Animation.easeIn.progress(at: quarter) < 0.25)
    #expect(Animation.easeOut.progress(at: quarter) > 0.25)
    // easeInOut is symmetric: half way in time is half way in value.
    #expect(abs(Animation.easeInOut.progress(at: Animation.defaultDuration / 2) - 0.5) < 1e-9)
    // CSS's `ease-in` (0.42, 0, 1, 1) at x = 0.5 is about 0.315.
    #expect(abs(Animation.easeIn.progress(at: Animation.defaultDuration / 2) - 0.3153) < 0.001)
    #expect(abs(Animation.linear.delay(1).progress(at: 1 + quarter) - 0.25) < 1e-12)
    #expect(abs(Animation.linear.speed(2).progress(at: quarter) - 0.5) < 1e-12)
}

@Test func anUnderdampedSpringOvershootsAndSettles() {
    let spring = Animation.spring(response: 0.5, dampingFraction: 0.5)
    let samples = stride(from: 0.0, to: spring.duration, by: 0.01).map { spring.progress(at: $0) }
    #expect(samples.max()! > 1.1)  // overshoot
    #expect(abs(samples.last! - 1) < 0.01)
    let critical = Animation.spring(response: 0.5, dampingFraction: 1)
    let criticalSamples = stride(from: 0.0, to: critical.duration, by: 0.01).map { critical.progress(at: $0) }
    #expect(criticalSamples.max()! <= 1)  // no overshoot
}

@Test func animatablePairsInterpolateComponentwise() {
    let a = AnimatablePair(AnimatablePair(1.0, 2.0), 10.0)
    let b = AnimatablePair(AnimatablePair(3.0, 6.0), 20.0)
    let middle = a.interpolated(towards: b, amount: 0.5)
    #expect(middle.first.first == 2 && middle.first.second == 4 && middle.second == 15)
    #expect((b - a).magnitudeSquared == 4 + 16 + 100)
    #expect(
        EmptyAnimatableData().interpolated(towards: EmptyAnimatableData(), amount: 0.3)
            == EmptyAnimatableData())
}
