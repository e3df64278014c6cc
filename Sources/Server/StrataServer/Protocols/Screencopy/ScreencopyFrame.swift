import CPixman
import CStrataServerProtocol
import CWaylandServer
import StrataRender

/// One zwlr_screencopy_frame_v1: tells the client the buffer it needs,
/// takes one copy or copy_with_damage, and answers ready (after flags, and
/// damage for copy_with_damage) or failed.
final class ScreencopyFrame {
    let manager: ScreencopyManager
    private(set) var resource: WaylandResource?
    /// Weak: a frame a client keeps does not keep a removed output's framebuffer.
    private(set) weak var output: Output?
    /// The captured part of the output, in the output's own pixels (so it
    /// follows the output when the layout shifts); empty when the asked
    /// region missed the output.
    private let regionOnOutput: PixelRect
    private var buffer: WaylandResource?
    private var withDamage = false
    private var isUsed = false
    private let bufferListener: Listener

    /// The one wl_shm format copies are made in: the output's own.
    static let format = WL_SHM_FORMAT_XRGB8888.rawValue

    init?(manager: ScreencopyManager, parent: WaylandResource, id: UInt32, output: Output, region: PixelRect) {
        self.manager = manager
        self.output = output
        let place = output.pixelRect
        regionOnOutput = PixelRect(x: region.x - place.x, y: region.y - place.y, width: region.width, height: region.height)
        bufferListener = Listener { _ in }
        guard let resource = makeResource(child: parent, interface: strata_zwlr_screencopy_frame_v1_interface(), id: id,
                                          implementation: ScreencopyFrame.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        guard !regionOnOutput.isEmpty else {
            zwlr_screencopy_frame_v1_send_failed(resource)
            return
        }
        zwlr_screencopy_frame_v1_send_buffer(resource, ScreencopyFrame.format, UInt32(regionOnOutput.width),
                                             UInt32(regionOnOutput.height), UInt32(regionOnOutput.width * 4))
        if wl_resource_get_version(resource) >= 3 { zwlr_screencopy_frame_v1_send_buffer_done(resource) }
    }

    static func from(_ resource: WaylandResource?) -> ScreencopyFrame? {
        resourceObject(resource, as: ScreencopyFrame.self, interface: strata_zwlr_screencopy_frame_v1_interface())
    }

    /// The captured part in layout pixels, where its output is now.
    private var region: PixelRect {
        guard let output else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let place = output.pixelRect
        return PixelRect(x: place.x + regionOnOutput.x, y: place.y + regionOnOutput.y,
                         width: regionOnOutput.width, height: regionOnOutput.height)
    }

    /// Can be copied at the next frame: a plain copy always, copy_with_damage once something in its region changed.
    var isReady: Bool { !withDamage || !manager.damage(in: region).isEmpty }

    private func postError(_ code: zwlr_screencopy_frame_v1_error, _ message: String) {
        if let resource { strata_resource_post_error(resource, code.rawValue, message) }
    }

    private func copy(_ bufferResource: WaylandResource?, withDamage: Bool) {
        guard let resource, let bufferResource else { return }
        if isUsed {
            postError(ZWLR_SCREENCOPY_FRAME_V1_ERROR_ALREADY_USED, "zwlr_screencopy_frame_v1@\(wl_resource_get_id(resource)) was already used to copy")
            return
        }
        guard !regionOnOutput.isEmpty, let output, !output.isRemoved, output.isPoweredOn else {
            // failed was sent at creation, or the output went or is off: there is nothing to copy.
            zwlr_screencopy_frame_v1_send_failed(resource)
            return
        }
        guard let shm = wl_shm_buffer_get(bufferResource) else {
            postError(ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER, "the buffer is not a wl_shm buffer")
            return
        }
        let format = wl_shm_buffer_get_format(shm)
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let stride = Int(wl_shm_buffer_get_stride(shm))
        let region = regionOnOutput
        guard format == ScreencopyFrame.format, width == region.width, height == region.height, stride == region.width * 4 else {
            postError(ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER,
                      "buffer \(width)×\(height), stride \(stride), format 0x\(String(format, radix: 16)); the frame needs "
                      + "\(region.width)×\(region.height), stride \(region.width * 4), format XRGB8888")
            return
        }
        isUsed = true
        buffer = bufferResource
        self.withDamage = withDamage
        bufferListener.body = { [unowned self] _ in
            // The client destroyed the buffer before the copy: nothing to copy into.
            self.buffer = nil
            self.manager.stopWaiting(for: self)
            if let resource = self.resource { zwlr_screencopy_frame_v1_send_failed(resource) }
        }
        bufferListener.listen(toDestroyOf: bufferResource)
        manager.global.schedule(self)
    }

    /// Copies the output's pixels of `region` into the buffer and answers.
    func complete(at time: PresentationTime) {
        bufferListener.remove()
        guard let resource, let buffer, let shm = wl_shm_buffer_get(buffer) else { return }
        self.buffer = nil
        guard let output, !output.isRemoved else {
            zwlr_screencopy_frame_v1_send_failed(resource)
            return
        }
        let damage = manager.damage(in: region)
        wl_shm_buffer_begin_access(shm)
        if let data = wl_shm_buffer_get_data(shm),
           let target = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(region.width), Int32(region.height),
                                                 data.assumingMemoryBound(to: UInt32.self), Int32(region.width * 4)) {
            pixman_image_composite32(PIXMAN_OP_SRC, output.renderer.framebuffer, nil, target,
                                     Int32(regionOnOutput.x), Int32(regionOnOutput.y),
                                     0, 0, 0, 0, Int32(region.width), Int32(region.height))
            pixman_image_unref(target)
        }
        wl_shm_buffer_end_access(shm)
        manager.copied(output)
        if withDamage {
            for rect in damage {
                zwlr_screencopy_frame_v1_send_damage(resource, UInt32(rect.x), UInt32(rect.y), UInt32(rect.width), UInt32(rect.height))
            }
        }
        zwlr_screencopy_frame_v1_send_flags(resource, 0)
        zwlr_screencopy_frame_v1_send_ready(resource, UInt32(truncatingIfNeeded: time.seconds >> 32),
                                            UInt32(truncatingIfNeeded: time.seconds), time.nanoseconds)
    }

    /// The output went before the copy was made.
    func fail() {
        bufferListener.remove()
        buffer = nil
        if let resource { zwlr_screencopy_frame_v1_send_failed(resource) }
    }

    private func destroyed() {
        resource = nil
        bufferListener.remove()
        manager.stopWaiting(for: self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_screencopy_frame_v1_interface()
        i.copy = { _, resource, buffer in ScreencopyFrame.from(resource)?.copy(buffer, withDamage: false) }
        i.copy_with_damage = { _, resource, buffer in ScreencopyFrame.from(resource)?.copy(buffer, withDamage: true) }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
