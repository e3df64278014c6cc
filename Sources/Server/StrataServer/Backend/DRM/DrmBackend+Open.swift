extension Server {
    /// The monitors and input devices of this virtual terminal as the
    /// output (the DRM backend): takes the seat, opens the GPU `devicePath`
    /// (else the first /dev/dri/card* with a monitor connected) and the
    /// seat's input devices. Throws `DrmBackendError`, one line each.
    /// `atomicAllowed` false: legacy modesetting only (see `DrmBackend`).
    public static func drmBackend(devicePath: String?, scale: Int, inputOptions: InputDeviceOptions,
                                  atomicAllowed: Bool = true) throws -> OutputBackend {
        let candidates = try GPUCandidates.paths(named: devicePath)
        let session = try LibseatSession()
        var lastError: Error = DrmBackendError.noGPU("no device")
        for path in candidates {
            var opened: (id: Int32, fileDescriptor: Int32)?
            var device: LibdrmDevice?
            var input: LibinputDevices?
            do {
                opened = try session.openDevice(path)
                device = try LibdrmDevice(path: path, fileDescriptor: opened!.fileDescriptor)
                guard OutputLayout.plan(try device!.connectors()).first != nil else { throw DrmBackendError.noMonitor(path) }
                input = try LibinputDevices(session: session, options: inputOptions)
                return try DrmBackend(session: session, device: device!, deviceID: opened!.id, input: input, scale: scale,
                                      atomicAllowed: atomicAllowed)
            } catch let error as DrmBackendError {
                lastError = error
            } catch {
                lastError = DrmBackendError.noGPU("\(path): \(error)")
            }
            // Closed here rather than in deinit: closing calls back into them.
            input?.close()
            device?.close()
            if let opened { session.closeDevice(id: opened.id) }
        }
        session.close()
        throw lastError
    }
}
