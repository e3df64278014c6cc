import CStrataClientProtocol
import StrataProtocol
import StrataWayland
import TestSupport

/// A plain xdg_toplevel filled with one opaque color, drawn by the test
/// process itself over wl_shm: the simplest window whose every pixel a
/// test knows.
final class SolidColorWindow {
    let connection: Connection
    let toplevel: WaylandToplevel
    let buffer: ShmBuffer
    /// The first configure weston sent.
    let firstConfigure: WaylandToplevel.Configure

    /// Connects to `weston`, maps a `width`×`height`-pixel buffer of `color`
    /// at `bufferScale`, and returns once weston has presented it (its
    /// frame callback fired), so a screenshot taken next shows it.
    init(on weston: WestonProcess, color: Color, width: Int, height: Int, bufferScale: Int32 = 1,
         title: String = "solid") throws {
        // An absolute socket path: this process's XDG_RUNTIME_DIR is not weston's.
        connection = try Connection(name: weston.waylandSocketPath)
        toplevel = try WaylandToplevel(connection: connection, title: title, appID: "strata.weston-tests")
        firstConfigure = try toplevel.waitForConfigure()
        buffer = try ShmBuffer(connection: connection, width: width, height: height, format: .xrgb8888)
        buffer.fill(color)
        if bufferScale != 1, let surface = toplevel.surface { wl_surface_set_buffer_scale(surface, bufferScale) }
        var presented = false
        toplevel.requestFrame { _ in presented = true }
        toplevel.present(buffer)
        guard try connection.dispatch(until: { presented }, timeout: 10) else {
            throw StrataTestError("weston did not present the \(title) window: \(weston.log)")
        }
    }

    /// The color as a screenshot shows it (opaque, 8 bits a channel).
    static func pixel(_ color: Color) -> DecodedPNG.Pixel {
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return DecodedPNG.Pixel(red: byte(color.red), green: byte(color.green), blue: byte(color.blue))
    }
}
