import XCTest
@testable import StrataServer

/// The real libinput context on udev, on whatever input devices this
/// machine has (none in a container): created, read, suspended, resumed, closed.
final class LibinputDevicesTests: XCTestCase {
    func testContextOnTheSeatComesUpAndGoesDownCleanly() throws {
        let session = FakeSessionSeat()
        let input = try LibinputDevices(session: session, options: InputDeviceOptions(tapToClick: true))
        XCTAssertGreaterThanOrEqual(input.fileDescriptor, 0, "libinput's epoll fd, for the server's loop")
        let added = input.readEvents().filter { if case .deviceAdded = $0 { return true } else { return false } }
        // Devices are opened through the seat only, and this fake seat opens none: none is added.
        XCTAssertEqual(added, [])
        input.suspend()
        try input.resume()
        input.close()
        XCTAssertEqual(input.fileDescriptor, -1)
        XCTAssertEqual(input.readEvents(), [])
    }
}
