import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// A window's wl_shm buffer is shown in place: the compositor keeps it
/// until the next buffer replaces it (then releases it, once no other
/// surface shows it), keeps the same buffer committed again, and keeps
/// showing the pixels of a buffer the client destroyed while it was shown.
final class ShmBufferInPlaceTests: CompositorTestCase {
    private final class Releases {
        var ids: Set<UInt32> = []
        func has(_ buffer: OpaquePointer) -> Bool { ids.contains(wl_proxy_get_id(buffer)) }
    }
    /// Kept for the process's life: libwayland holds the listener's address.
    private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, buffer in
            Unmanaged<Releases>.fromOpaque(data!).takeUnretainedValue().ids.insert(wl_proxy_get_id(buffer))
        }))
        return listener
    }()

    static let blue = DecodedPNG.Pixel(red: 0, green: 0, blue: 255)

    func testTheShownBufferIsReleasedWhenTheNextReplacesItAndItsPixelsOutliveIt() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)   // at (32, 32)
        let releases = Releases()
        func buffer(_ pixel: UInt32) throws -> OpaquePointer {
            let buffer = try client.makeBuffer(shm: window.shm, width: 100, height: 80, pixel: pixel)
            wl_buffer_add_listener(buffer, Self.listener, Unmanaged.passUnretained(releases).toOpaque())
            return buffer
        }
        func show(_ buffer: OpaquePointer) {
            wl_surface_attach(window.surface, buffer, 0, 0)
            wl_surface_damage_buffer(window.surface, 0, 0, 100, 80)
            wl_surface_commit(window.surface)
            XCTAssertTrue(client.roundtrip())
        }
        func pixel(_ name: String, _ x: Int, _ y: Int) throws -> DecodedPNG.Pixel {
            XCTAssertEqual(try strata.control("frame").status, 0)
            XCTAssertTrue(client.roundtrip())
            return try strata.shot(name)[x, y]
        }

        let red = try buffer(0xFF_FF_00_00)
        show(red)
        XCTAssertTrue(try pixel("in-place-red", 40, 40).isClose(to: .opaqueRed))
        XCTAssertFalse(releases.has(red), "shown, so still the compositor's")

        let blue = try buffer(0xFF_00_00_FF)
        show(blue)
        XCTAssertTrue(try pixel("in-place-blue", 40, 40).isClose(to: Self.blue))
        XCTAssertTrue(releases.has(red), "replaced: back to the client")
        XCTAssertFalse(releases.has(blue))

        // The same buffer again: still shown, so still not released.
        show(blue)
        XCTAssertFalse(releases.has(blue))

        // Destroyed while shown: the pixels stay. A window mapped over it
        // and gone again makes the compositor draw them anew.
        wl_buffer_destroy(blue)
        XCTAssertTrue(client.roundtrip())
        let other = try RawClient(strata)
        var cover: ManagedWindow? = try ManagedWindow(other, title: "X", width: 60, height: 60)   // at (64, 64)
        XCTAssertFalse(try pixel("in-place-covered", 70, 70).isClose(to: Self.blue))
        xdg_toplevel_destroy(cover!.toplevel)
        XCTAssertTrue(other.roundtrip())
        cover = nil
        XCTAssertTrue(try pixel("in-place-uncovered", 70, 70).isClose(to: Self.blue), "the destroyed buffer's pixels")
        XCTAssertTrue(try pixel("in-place-kept", 40, 40).isClose(to: Self.blue))
        XCTAssertNil(client.protocolError)
    }

    func testABufferShownByTwoSurfacesIsReleasedWhenBothLetGo() throws {
        let client = try RawClient(strata)
        let a = try ManagedWindow(client, title: "A", width: 40, height: 30)
        let b = try ManagedWindow(client, title: "B", width: 40, height: 30)
        let releases = Releases()
        let shared = try client.makeBuffer(shm: a.shm, width: 40, height: 30)
        wl_buffer_add_listener(shared, Self.listener, Unmanaged.passUnretained(releases).toOpaque())
        for window in [a, b] {
            wl_surface_attach(window.surface, shared, 0, 0)
            wl_surface_damage_buffer(window.surface, 0, 0, 40, 30)
            wl_surface_commit(window.surface)
        }
        XCTAssertTrue(client.roundtrip())
        a.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(releases.has(shared), "B still shows it")
        b.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(releases.has(shared))
    }
}
