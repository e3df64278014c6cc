/// Logs frames whose compositing took longer than a refresh period, at
/// most one line a second (a slow stretch would otherwise flood the log).
struct DroppedFrameLog {
    private var count = 0
    private var worstNanoseconds: UInt64 = 0
    private var lastLine: UInt64 = 0

    mutating func frameRendered(in nanoseconds: UInt64, refreshNanoseconds: UInt32, at now: UInt64) {
        guard nanoseconds > UInt64(refreshNanoseconds) else { return }
        count += 1
        worstNanoseconds = max(worstNanoseconds, nanoseconds)
        guard now &- lastLine >= 1_000_000_000 else { return }
        ServerLog.logger.notice("dropped \(count) frame\(count == 1 ? "" : "s"): compositing took up to \(worstNanoseconds / 1_000_000) ms, over the \(refreshNanoseconds / 1_000_000) ms refresh")
        (count, worstNanoseconds, lastLine) = (0, 0, now)
    }
}
