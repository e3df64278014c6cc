import CDrm
import CInput
#if canImport(Glibc)
import Glibc
#endif

/// A GPU's display side through libdrm's legacy KMS calls: dumb buffers,
/// drmModeSetCrtc and drmModePageFlip, with a udev monitor for hotplug.
final class LibdrmDevice: DisplayDevice {
    let path: String
    let fileDescriptor: Int32
    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    /// The kernel's mode records of each connector, as last read, for setMode.
    private var kernelModes: [UInt32: [drmModeModeInfo]] = [:]
    /// What each CRTC showed before the first modeset (the console), with its
    /// connector, put back on close so the console comes back.
    private var savedCrtcs: [(crtc: drmModeCrtcPtr, connector: UInt32)] = []

    /// `fileDescriptor`: the device node, opened through the seat.
    init(path: String, fileDescriptor: Int32) throws {
        self.path = path
        self.fileDescriptor = fileDescriptor
        guard let resources = drmModeGetResources(fileDescriptor) else {
            throw DrmBackendError.noGPU("\(path) has no display (KMS) side: \(String(cString: strerror(errno)))")
        }
        drmModeFreeResources(resources)
        var dumb: UInt64 = 0
        guard drmGetCap(fileDescriptor, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0, dumb != 0 else {
            throw DrmBackendError.noGPU("\(path) offers no dumb buffers")
        }
        // Monitors plugged and unplugged are udev "change" events of the drm subsystem.
        udev = udev_new()
        if let udev, let monitor = udev_monitor_new_from_netlink(udev, "udev") {
            udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
            if udev_monitor_enable_receiving(monitor) == 0 { self.monitor = monitor } else { udev_monitor_unref(monitor) }
        }
    }

    var hotplugFileDescriptor: Int32? { monitor.map { udev_monitor_get_fd($0) } }

    func connectors() throws -> [ConnectorInfo] {
        guard let resources = drmModeGetResources(fileDescriptor) else { throw DisplayDeviceError.call("drmModeGetResources", errno) }
        defer { drmModeFreeResources(resources) }
        let crtcs = (0..<Int(resources.pointee.count_crtcs)).map { resources.pointee.crtcs[$0] }
        var result: [ConnectorInfo] = []
        for index in 0..<Int(resources.pointee.count_connectors) {
            guard let connector = drmModeGetConnector(fileDescriptor, resources.pointee.connectors[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            let c = connector.pointee
            let typeName = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
            let infos = (0..<Int(c.count_modes)).map { c.modes[$0] }
            kernelModes[c.connector_id] = infos
            var possible: [UInt32] = []
            if c.encoder_id != 0, let encoder = drmModeGetEncoder(fileDescriptor, c.encoder_id) {
                if encoder.pointee.crtc_id != 0 { possible.append(encoder.pointee.crtc_id) }
                drmModeFreeEncoder(encoder)
            }
            for e in 0..<Int(c.count_encoders) {
                guard let encoder = drmModeGetEncoder(fileDescriptor, c.encoders[e]) else { continue }
                for (bit, crtc) in crtcs.enumerated() where encoder.pointee.possible_crtcs & (1 << UInt32(bit)) != 0 && !possible.contains(crtc) {
                    possible.append(crtc)
                }
                drmModeFreeEncoder(encoder)
            }
            result.append(ConnectorInfo(id: c.connector_id, name: "\(typeName)-\(c.connector_type_id)",
                                        isConnected: c.connection == DRM_MODE_CONNECTED,
                                        modes: infos.map(Self.mode), possibleCrtcs: possible))
        }
        return result
    }

    static func mode(_ info: drmModeModeInfo) -> DisplayMode {
        // The exact rate from the pixel clock (kHz); vrefresh is rounded to whole hertz.
        let total = Int(info.htotal) * Int(info.vtotal)
        let millihertz = total > 0 ? Int(info.clock) * 1_000_000 / total : Int(info.vrefresh) * 1000
        return DisplayMode(width: Int(info.hdisplay), height: Int(info.vdisplay), refreshMillihertz: millihertz,
                           isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0)
    }

    func createScanoutBuffer(width: Int, height: Int) throws -> ScanoutBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        var status = drmModeCreateDumbBuffer(fileDescriptor, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size)
        guard status == 0 else { throw DisplayDeviceError.call("creating a \(width)x\(height) dumb buffer", -status) }
        var framebuffer: UInt32 = 0
        status = drmModeAddFB(fileDescriptor, UInt32(width), UInt32(height), 24, 32, pitch, handle, &framebuffer)
        guard status == 0 else {
            let code = errno
            drmModeDestroyDumbBuffer(fileDescriptor, handle)
            throw DisplayDeviceError.call("drmModeAddFB", code)
        }
        var offset: UInt64 = 0
        status = drmModeMapDumbBuffer(fileDescriptor, handle, &offset)
        let mapped = status == 0 ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, off_t(offset)) : MAP_FAILED
        guard let mapped, mapped != MAP_FAILED else {
            let code = status != 0 ? -status : errno
            drmModeRmFB(fileDescriptor, framebuffer)
            drmModeDestroyDumbBuffer(fileDescriptor, handle)
            throw DisplayDeviceError.call("mapping a dumb buffer", code)
        }
        memset(mapped, 0, Int(size))
        return ScanoutBuffer(framebufferID: framebuffer, width: width, height: height, stride: Int(pitch), pixels: mapped,
                             handle: handle, mappedBytes: Int(size))
    }

    func destroyScanoutBuffer(_ buffer: ScanoutBuffer) {
        munmap(buffer.pixels, buffer.mappedBytes)
        drmModeRmFB(fileDescriptor, buffer.framebufferID)
        drmModeDestroyDumbBuffer(fileDescriptor, buffer.handle)
    }

    func setMode(crtc: UInt32, connector: UInt32, mode: DisplayMode, buffer: ScanoutBuffer) throws {
        guard var info = kernelModes[connector]?.first(where: { Self.mode($0) == mode }) else {
            throw DisplayDeviceError.call("finding mode \(mode)", EINVAL)
        }
        if !savedCrtcs.contains(where: { $0.crtc.pointee.crtc_id == crtc }), let saved = drmModeGetCrtc(fileDescriptor, crtc) {
            savedCrtcs.append((saved, connector))
        }
        var connectorID = connector
        guard drmModeSetCrtc(fileDescriptor, crtc, buffer.framebufferID, 0, 0, &connectorID, 1, &info) == 0 else {
            throw DisplayDeviceError.call("drmModeSetCrtc", errno)
        }
    }

    func pageFlip(crtc: UInt32, buffer: ScanoutBuffer) throws {
        guard drmModePageFlip(fileDescriptor, crtc, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil) == 0 else {
            throw DisplayDeviceError.call("drmModePageFlip", errno)
        }
    }

    func readEvents() throws -> [UInt32] {
        var context = drmEventContext()
        context.version = 3
        context.page_flip_handler2 = { _, _, _, _, crtc, _ in
            LibdrmDevice.flipsCompletedDuringRead.append(crtc)
        }
        LibdrmDevice.flipsCompletedDuringRead = []
        guard drmHandleEvent(fileDescriptor, &context) == 0 else { throw DisplayDeviceError.call("drmHandleEvent", errno) }
        defer { LibdrmDevice.flipsCompletedDuringRead = [] }
        return LibdrmDevice.flipsCompletedDuringRead
    }
    /// drmHandleEvent's callbacks are C functions without context; the
    /// server's one thread reads one device at a time, so this collects them.
    nonisolated(unsafe) private static var flipsCompletedDuringRead: [UInt32] = []

    func takeHotplugNotices() -> Bool {
        guard let monitor else { return false }
        var changed = false
        while let device = udev_monitor_receive_device(monitor) {
            if let value = udev_device_get_property_value(device, "HOTPLUG"), String(cString: value) == "1" { changed = true }
            udev_device_unref(device)
        }
        return changed
    }

    func dropMaster() { drmDropMaster(fileDescriptor) }
    func takeMaster() { drmSetMaster(fileDescriptor) }

    func close() {
        for (saved, connector) in savedCrtcs {
            var connectorID = connector
            var mode = saved.pointee.mode
            if saved.pointee.mode_valid != 0 {
                drmModeSetCrtc(fileDescriptor, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                               &connectorID, 1, &mode)
            }
            drmModeFreeCrtc(saved)
        }
        savedCrtcs = []
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
        monitor = nil
        udev = nil
    }
}
