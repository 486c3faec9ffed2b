import FlipbookTimeline
import Foundation
import Testing

@Test func aOneSecondPeriodicScheduleHoldsEachEntryForASecond() {
    let schedule = TimelineSchedule.periodic(from: 0, by: 1)
    let entries = (0..<120).map { schedule.entry(at: Double($0) / 60) }
    #expect(entries[0..<60].allSatisfy { $0 == 0 })
    #expect(entries[60..<120].allSatisfy { $0 == 1 })
}

@Test func periodicEntriesAreComputedFromTheirIndexNotSummed() {
    let schedule = TimelineSchedule.periodic(from: 0.5, by: 0.1)
    // Summing 0.1 ten thousand times drifts; index × interval does not.
    #expect(schedule.entry(at: 1000.5) == 0.5 + 10_000 * 0.1)
    #expect(schedule.entry(at: 0.25) == 0)
}

@Test func animationFollowsEveryFrameUnlessPausedOrThrottled() {
    #expect(TimelineSchedule.animation.entry(at: 1.2345) == 1.2345)
    #expect(TimelineSchedule.animation(paused: true).entry(at: 7) == 0)
    #expect(TimelineSchedule.animation(minimumInterval: 0.5).entry(at: 1.7) == 1.5)
}

@Test func everyMinuteAndExplicitSchedulesShowTheirLatestEntry() {
    #expect(TimelineSchedule.everyMinute.entry(at: 119) == 60)
    let explicit = TimelineSchedule.explicit([3, 1, 2])
    #expect(explicit.entry(at: 0.5) == 0)
    #expect(explicit.entry(at: 1.5) == 1)
    #expect(explicit.entry(at: 9) == 3)
}

@Test func datesAreMeasuredFromTheVideosStartDate() {
    let start = FrameTime.startDate.addingTimeInterval(2)
    #expect(TimelineSchedule.periodic(from: start, by: 1).entry(at: 3.5) == 3)
    #expect(FrameTime(index: 3, seconds: 1.5).date.timeIntervalSinceReferenceDate == 1.5)
}
