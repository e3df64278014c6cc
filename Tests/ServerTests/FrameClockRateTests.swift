import XCTest
@testable import StrataServer

/// The frame clock runs at a monitor's exact rate: virtio-gpu's 1024×768
/// mode is 74.992 Hz, and presentation feedback reported 75 Hz's period
/// when the rate was rounded to whole hertz.
final class FrameClockRateTests: XCTestCase {
    func testTheClockKeepsAMonitorsFractionalRate() {
        let server = Server(configuration: ServerConfiguration(width: 64, height: 48, socketName: "clock-rate",
                                                               clock: .realtime(millihertz: 74_992)))
        defer { server.shutdown() }
        XCTAssertEqual(server.frameClock.refreshNanoseconds, 13_334_755)
    }

    func testWholeHertzStayTheSame() {
        XCTAssertEqual(FrameClockMode.realtime(hz: 60), .realtime(millihertz: 60_000))
        let server = Server(configuration: ServerConfiguration(width: 64, height: 48, socketName: "clock-rate-60",
                                                               clock: .realtime(hz: 60)))
        defer { server.shutdown() }
        XCTAssertEqual(server.frameClock.refreshNanoseconds, 16_666_666)
    }
}
