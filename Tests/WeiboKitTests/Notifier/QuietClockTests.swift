import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The pause's and the quiet hours' end timer on its own: planned for when both are over (at
/// least a second on), not planned again when it is right, cancelled when neither holds.
@Suite struct QuietClockTests {
    /// 14:00 on TestTime's day, in its zone.
    let now = TestTime.now
    let afternoon = QuietHours(parsing: "13:00-15:30")

    /// Table: paused for (minutes from now, nil for none), quiet hours 13:00-15:30 or none →
    /// the end planned (minutes from now), nil for no quiet.
    @Test(
        arguments: [
            (nil, false, nil), (nil, true, 90.0), (30, false, 30), (30, true, 90), (120, true, 120), (-5, false, nil), (-5, true, 90), (0, false, nil),
        ] as [(Double?, Bool, Double?)])
    func theTimerEndsWhenThePauseAndTheQuietHoursAreBothOver(_ pausedFor: Double?, _ quietHours: Bool, _ endsIn: Double?) {
        var clock = QuietClock(zone: TestTime.zone)
        let pausedUntil = pausedFor.map { now.adding($0 * 60) }
        let hours = quietHours ? afternoon : nil
        let effect = clock.plan(at: now, pausedUntil: pausedUntil, hours: hours)
        #expect(clock.isQuiet(at: now, pausedUntil: pausedUntil, hours: hours) == (endsIn != nil))
        #expect(clock.plannedEnd == endsIn.map { now.adding($0 * 60) })
        #expect(effect == endsIn.map { NotifierEffect.scheduleQuietEnd(at: now.adding($0 * 60)) })
    }

    /// A pause that ends at the same moment as the quiet hours a second later is planned
    /// once; a new end plans again; the end of both cancels; a fired timer is forgotten.
    @Test func theTimerIsPlannedAgainOnlyWhenItsEndChanges() {
        var clock = QuietClock(zone: TestTime.zone)
        let first = clock.plan(at: now, pausedUntil: now.adding(600), hours: nil)
        let same = clock.plan(at: now.adding(1), pausedUntil: now.adding(600), hours: nil)
        let longer = clock.plan(at: now.adding(2), pausedUntil: now.adding(900), hours: nil)
        let over = clock.plan(at: now.adding(3), pausedUntil: nil, hours: nil)
        let stillOver = clock.plan(at: now.adding(4), pausedUntil: nil, hours: nil)
        #expect(first == .scheduleQuietEnd(at: now.adding(600)) && same == nil)
        #expect(longer == .scheduleQuietEnd(at: now.adding(900)))
        #expect(over == .scheduleQuietEnd(at: nil) && stillOver == nil)
        _ = clock.plan(at: now, pausedUntil: now.adding(60), hours: nil)
        clock.fired()
        #expect(clock.plannedEnd == nil)
    }

    /// A pause that ends within the second is waited out a whole second: the timer never fires
    /// before the quiet is over.
    @Test func theTimerIsNeverBeforeASecondFromNow() {
        var clock = QuietClock(zone: TestTime.zone)
        let effect = clock.plan(at: now, pausedUntil: now.adding(0.25), hours: nil)
        #expect(effect == .scheduleQuietEnd(at: now.adding(1)))
    }
}
