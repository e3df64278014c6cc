import CDrm
import CInput
#if canImport(Glibc)
import Glibc
#endif

/// A GPU's display side through libdrm: dumb buffers, atomic commits where
/// the driver offers them (else drmModeSetCrtc and drmModePageFlip), and a
/// udev monitor for hotplug.
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
        saveCrtc(crtc, connector: connector)
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

    /// Keeps what `crtc` shows before our first modeset on it, for `close`.
    private func saveCrtc(_ crtc: UInt32, connector: UInt32) {
        if !savedCrtcs.contains(where: { $0.crtc.pointee.crtc_id == crtc }), let saved = drmModeGetCrtc(fileDescriptor, crtc) {
            savedCrtcs.append((saved, connector))
        }
    }

    // MARK: Atomic modesetting

    func enableAtomic() -> Bool {
        // Atomic commits address planes, so the primary planes must be listed too.
        drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
            && drmSetClientCap(fileDescriptor, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    /// An object's properties by name: each one's id and current value.
    func properties(of object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let list = drmModeObjectGetProperties(fileDescriptor, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(list) }
        var result: [String: (id: UInt32, value: UInt64)] = [:]
        for index in 0..<Int(list.pointee.count_props) {
            guard let property = drmModeGetProperty(fileDescriptor, list.pointee.props[index]) else { continue }
            let name = withUnsafeBytes(of: property.pointee.name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            result[name] = (property.pointee.prop_id, list.pointee.prop_values[index])
            drmModeFreeProperty(property)
        }
        return result
    }

    func atomicOutput(crtc: UInt32, connector: UInt32, planesInUse: Set<UInt32>) -> AtomicOutput? {
        // A plane names the CRTCs it can feed by their index in the resources.
        guard let resources = drmModeGetResources(fileDescriptor) else { return nil }
        let crtcIndex = (0..<Int(resources.pointee.count_crtcs)).first { resources.pointee.crtcs[$0] == crtc }
        drmModeFreeResources(resources)
        guard let crtcIndex, let planes = drmModeGetPlaneResources(fileDescriptor) else { return nil }
        defer { drmModeFreePlaneResources(planes) }
        var primary: (id: UInt32, properties: [String: (id: UInt32, value: UInt64)])?
        for index in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[index]
            guard !planesInUse.contains(id), let plane = drmModeGetPlane(fileDescriptor, id) else { continue }
            let feedsCrtc = plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            drmModeFreePlane(plane)
            guard feedsCrtc else { continue }
            let planeProperties = properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard planeProperties["type"]?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            // The primary plane already on this CRTC, else the first that can be.
            if primary == nil || planeProperties["CRTC_ID"]?.value == UInt64(crtc) { primary = (id, planeProperties) }
        }
        guard let primary else { return nil }
        func ids(_ properties: [String: (id: UInt32, value: UInt64)]) -> [String: UInt32] { properties.mapValues { $0.id } }
        return AtomicOutput(crtc: crtc, connector: connector, plane: primary.id,
                            crtcProperties: ids(properties(of: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC))),
                            connectorProperties: ids(properties(of: connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))),
                            planeProperties: ids(primary.properties))
    }

    func atomicCommit(_ commit: AtomicCommit, output: AtomicOutput, mode: DisplayMode, buffer: ScanoutBuffer) throws {
        guard let request = drmModeAtomicAlloc() else { throw DisplayDeviceError.call("drmModeAtomicAlloc", ENOMEM) }
        defer { drmModeAtomicFree(request) }
        var failed = false
        func set(_ object: UInt32, _ properties: [String: UInt32], _ name: String, _ value: UInt64) {
            // AtomicOutput guarantees the names it needs are present.
            if drmModeAtomicAddProperty(request, object, properties[name]!, value) < 0 { failed = true }
        }
        var modeBlob: UInt32 = 0
        // The kernel keeps its own reference to the blob while the CRTC uses it.
        defer { if modeBlob != 0 { drmModeDestroyPropertyBlob(fileDescriptor, modeBlob) } }
        if commit != .flip {
            guard var info = kernelModes[output.connector]?.first(where: { Self.mode($0) == mode }) else {
                throw DisplayDeviceError.call("finding mode \(mode)", EINVAL)
            }
            guard drmModeCreatePropertyBlob(fileDescriptor, &info, MemoryLayout<drmModeModeInfo>.size, &modeBlob) == 0 else {
                throw DisplayDeviceError.call("drmModeCreatePropertyBlob", errno)
            }
            set(output.crtc, output.crtcProperties, "ACTIVE", 1)
            set(output.crtc, output.crtcProperties, "MODE_ID", UInt64(modeBlob))
            set(output.connector, output.connectorProperties, "CRTC_ID", UInt64(output.crtc))
            set(output.plane, output.planeProperties, "CRTC_ID", UInt64(output.crtc))
            // The whole buffer (source in 16.16 fixed point) on the whole CRTC.
            set(output.plane, output.planeProperties, "SRC_X", 0)
            set(output.plane, output.planeProperties, "SRC_Y", 0)
            set(output.plane, output.planeProperties, "SRC_W", UInt64(buffer.width) << 16)
            set(output.plane, output.planeProperties, "SRC_H", UInt64(buffer.height) << 16)
            set(output.plane, output.planeProperties, "CRTC_X", 0)
            set(output.plane, output.planeProperties, "CRTC_Y", 0)
            set(output.plane, output.planeProperties, "CRTC_W", UInt64(mode.width))
            set(output.plane, output.planeProperties, "CRTC_H", UInt64(mode.height))
        }
        set(output.plane, output.planeProperties, "FB_ID", UInt64(buffer.framebufferID))
        guard !failed else { throw DisplayDeviceError.call("drmModeAtomicAddProperty", ENOMEM) }
        let flags: Int32
        switch commit {
        case .testModeset: flags = Int32(DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET)
        case .modeset: flags = Int32(DRM_MODE_ATOMIC_ALLOW_MODESET)
        case .flip: flags = Int32(DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK)
        }
        if commit == .modeset { saveCrtc(output.crtc, connector: output.connector) }
        guard drmModeAtomicCommit(fileDescriptor, request, UInt32(flags), nil) == 0 else {
            throw DisplayDeviceError.call("drmModeAtomicCommit (\(commit.rawValue))", errno)
        }
    }

    func setDisplayPower(_ on: Bool, path: ModesetPath, crtc: UInt32, connector: UInt32) throws {
        switch path {
        case .atomic(let output):
            guard let request = drmModeAtomicAlloc() else { throw DisplayDeviceError.call("drmModeAtomicAlloc", ENOMEM) }
            defer { drmModeAtomicFree(request) }
            guard drmModeAtomicAddProperty(request, crtc, output.crtcProperties["ACTIVE"]!, on ? 1 : 0) >= 0 else {
                throw DisplayDeviceError.call("drmModeAtomicAddProperty", ENOMEM)
            }
            guard drmModeAtomicCommit(fileDescriptor, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0 else {
                throw DisplayDeviceError.call("drmModeAtomicCommit (ACTIVE \(on ? 1 : 0))", errno)
            }
        case .legacy:
            guard let dpms = properties(of: connector, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["DPMS"] else {
                throw DisplayDeviceError.call("finding the connector's DPMS property", ENOENT)
            }
            let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
            guard drmModeConnectorSetProperty(fileDescriptor, connector, dpms.id, value) == 0 else {
                throw DisplayDeviceError.call("drmModeConnectorSetProperty (DPMS \(on ? "on" : "off"))", errno)
            }
        }
    }

    // MARK: Events

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
