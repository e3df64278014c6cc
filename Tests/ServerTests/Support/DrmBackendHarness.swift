import CPixman
import StrataProtocol
import StrataRender
@testable import StrataServer

/// A DRM backend on fake devices under an in-process server with a manual
/// clock: one 64×48 monitor on CRTC 50, frames rendered when a test says.
final class DrmBackendHarness {
    static let crtc: UInt32 = 50
    let device: FakeDisplayDevice
    let session = FakeSessionSeat()
    let input = FakeInputDevices()
    let backend: DrmBackend
    let server: Server

    init(connectors: [ConnectorInfo] = [.fake(7, "HDMI-A-1", modes: [(64, 48, 60, true)], crtcs: [DrmBackendHarness.crtc])],
         clock: FrameClockMode = .manual, atomicAllowed: Bool = true, prepare: (FakeDisplayDevice) -> Void = { _ in }) throws {
        device = FakeDisplayDevice(connectors: connectors)
        // What the fake kernel offers (atomic modesetting...) before the backend looks.
        prepare(device)
        backend = try DrmBackend(session: session, device: device, deviceID: 2, input: input, scale: 1,
                                 atomicAllowed: atomicAllowed)
        server = Server(configuration: ServerConfiguration(width: backend.renderer.width, height: backend.renderer.height,
                                                           socketName: "drm-test", clock: clock),
                        backend: backend)
    }

    func shutdown() { server.shutdown() }

    /// A square of `color` at (x, y), so the next frame damages only it.
    @discardableResult
    func addSquare(x: Double, y: Double, size: Double = 8, color: Color) -> RenderLayer {
        let layer = RenderLayer()
        layer.anchorPoint = .zero
        layer.position = Point(x: x, y: y)
        layer.bounds = Rect(x: 0, y: 0, width: size, height: size)
        layer.backgroundColor = color
        server.scene.addSublayer(layer)
        return layer
    }

    /// The vblank: the fake kernel completes the flips, the backend hears of it.
    func vblank() { backend.deviceReadable() }

    /// Pixels where the screen differs from the renderer's shadow buffer (0: it shows the last frame exactly).
    /// `output`: which of the backend's outputs (its renderer), shown on `crtc`.
    func pixelsDifferingFromFramebuffer(crtc: UInt32 = DrmBackendHarness.crtc, output: Int = 0) -> Int {
        let renderer = backend.drmOutputs[output].renderer
        let image = renderer.framebuffer
        let data = pixman_image_get_data(image)!
        let stride = Int(pixman_image_get_stride(image)) / 4
        var differing = 0
        for y in 0..<renderer.height {
            for x in 0..<renderer.width where device.pixel(crtc: crtc, x: x, y: y) != data[y * stride + x] & 0x00ff_ffff {
                differing += 1
            }
        }
        return differing
    }
}
