import Foundation
import StrataServer
import TestSupport
import XCTest

final class ControlTests: XCTestCase {
    func testControlSocketIsPrivateAndRemovedOnExit() throws {
        let strata = try StrataProcess()
        var info = stat()
        XCTAssertEqual(stat(strata.controlSocketPath, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(strata.stop(signal: SIGINT), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: strata.controlSocketPath))
    }

    func testManualFrameReportsStats() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        defer { strata.stop() }
        let result = try strata.control("frame")
        XCTAssertEqual(result.status, 0, result.standardError)
        let stats = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertNotNil(stats["pixelsComposited"] as? Int)
        XCTAssertNotNil(stats["compositeOperations"] as? Int)
        XCTAssertNotNil(stats["damage"] as? [Any])
        let last = try strata.control("stats")
        XCTAssertEqual(last.status, 0, last.standardError)
    }

    func testStatsCountFramesAndFramesWithDamage() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        defer { strata.stop() }
        // The first frame draws the whole output; a second with nothing new changes no pixels.
        for _ in 0..<2 { XCTAssertEqual(try strata.control("frame").status, 0) }
        let result = try strata.control("stats")
        XCTAssertEqual(result.status, 0, result.standardError)
        let stats = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(stats["frames"] as? Int, 2)
        XCTAssertEqual(stats["framesWithDamage"] as? Int, 1)
    }

    func testScreenshotErrorsAreOneLine() throws {
        let strata = try StrataProcess()
        defer { strata.stop() }
        let result = try strata.control("screenshot", ["--output", "/nonexistent-directory/x.png"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardErrorLines.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("strata: "), result.standardError)
    }

    func testSilentControlConnectionDoesNotBlockOthers() throws {
        let strata = try StrataProcess()
        defer { strata.stop() }
        // A tool that connects and says nothing.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            bytes.copyBytes(from: strata.controlSocketPath.utf8)
            bytes[strata.controlSocketPath.utf8.count] = 0
        }
        // The control socket may appear a moment after the Wayland one on a busy machine.
        var connected: Int32 = -1
        let deadline = Date().addingTimeInterval(5)
        while connected != 0 && Date() < deadline {
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if connected != 0 { usleep(10_000) }
        }
        XCTAssertEqual(connected, 0, String(cString: strerror(errno)))
        let result = try strata.control("tree")
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testUnknownControlRequestIsOneErrorLine() throws {
        let strata = try StrataProcess()
        defer { strata.stop() }
        let answer = try ControlClient.request("launch missiles", socketPath: strata.controlSocketPath)
        XCTAssertTrue(answer.hasPrefix("error: unknown request"), answer)
        XCTAssertFalse(answer.contains("\n"))
        let relative = try ControlClient.request("screenshot relative.png", socketPath: strata.controlSocketPath)
        XCTAssertTrue(relative.hasPrefix("error: "), relative)
    }

    func testControlCommandWithoutServerFails() throws {
        let directory = NSTemporaryDirectory()
        let result = try StrataBinary.run(["tree", "--socket", "no-such-strata"], environment: ["XDG_RUNTIME_DIR": directory])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardErrorLines.count, 1, result.standardError)
    }
}

/// The server in-process, with the clock advanced by hand.
final class FrameClockTests: XCTestCase {
    func testManualFrameNotifiesObserversWithoutDamage() {
        let server = Server(configuration: ServerConfiguration(width: 64, height: 48, clock: .manual))
        defer { server.shutdown() }
        var times: [PresentationTime] = []
        server.addPresentationObserver { times.append($0) }
        server.scheduleFrame()
        XCTAssertTrue(server.isFrameScheduled)
        server.renderFrame()
        XCTAssertFalse(server.isFrameScheduled)
        server.renderFrame()
        XCTAssertEqual(times.count, 2, "every frame is reported, damaged or not")
        XCTAssertEqual(times[0].refreshNanoseconds, 16_666_666)
        XCTAssertLessThanOrEqual(times[0].seconds * 1_000_000_000 + UInt64(times[0].nanoseconds),
                                 times[1].seconds * 1_000_000_000 + UInt64(times[1].nanoseconds))
        XCTAssertNotNil(server.lastFrameStats)
    }

    func testSceneRootIsTheOpaqueDesktop() {
        let server = Server(configuration: ServerConfiguration(width: 200, height: 100, scale: 2, clock: .manual))
        defer { server.shutdown() }
        XCTAssertEqual(server.scene.bounds.width, 100)
        XCTAssertEqual(server.scene.bounds.height, 50)
        XCTAssertTrue(server.scene.isOpaque)
        XCTAssertEqual(server.scene.backgroundColor, Server.desktopColor)
        XCTAssertTrue(server.scene.sublayers.isEmpty)
    }
}
