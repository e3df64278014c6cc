/// The clock that animations run on and that frames are stamped with.
/// In realtime mode it is CLOCK_MONOTONIC; with manual frames it stands
/// still until told to move (`strata frame --advance MS`), so that a test
/// can look at an animation at any moment it chooses, without sleeping.
final class PresentationClock {
    private let isManual: Bool
    private let refreshNanoseconds: UInt32
    /// The manual clock's reading, in nanoseconds.
    private var manualTime: UInt64

    init(manual: Bool, refreshNanoseconds: UInt32) {
        isManual = manual
        self.refreshNanoseconds = refreshNanoseconds
        // Start where the monotonic clock is, so times look like real ones.
        manualTime = FrameClock.monotonicNow(refreshNanoseconds: refreshNanoseconds).totalNanoseconds
    }

    var now: PresentationTime {
        guard isManual else { return FrameClock.monotonicNow(refreshNanoseconds: refreshNanoseconds) }
        return PresentationTime(seconds: manualTime / 1_000_000_000, nanoseconds: UInt32(manualTime % 1_000_000_000),
                                refreshNanoseconds: refreshNanoseconds)
    }

    /// Moves a manual clock on; false for a realtime one, which moves by itself.
    func advance(milliseconds: Double) -> Bool {
        // A day at most, so the nanosecond count cannot overflow.
        guard isManual, milliseconds.isFinite, (0...86_400_000).contains(milliseconds) else { return false }
        manualTime &+= UInt64((milliseconds * 1_000_000).rounded())
        return true
    }
}

extension PresentationTime {
    /// Seconds, as Core Animation's media times are counted.
    var mediaTime: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}
