import CDrm
#if canImport(Glibc)
import Glibc
#endif

/// A CRTC's gamma table: the GAMMA_LUT property of atomic drivers, or the
/// legacy gamma ramps (drmModeCrtcSetGamma) of the others.
extension LibdrmDevice {
    func gammaSize(crtc: UInt32, atomic: AtomicOutput?) -> Int {
        if atomic?.crtcProperties["GAMMA_LUT"] != nil,
           let size = properties(of: crtc, type: UInt32(DRM_MODE_OBJECT_CRTC))["GAMMA_LUT_SIZE"]?.value {
            return Int(clamping: size)
        }
        guard let info = drmModeGetCrtc(fileDescriptor, crtc) else { return 0 }
        defer { drmModeFreeCrtc(info) }
        return Int(info.pointee.gamma_size)
    }

    func setGamma(crtc: UInt32, ramps: GammaRamps?, atomic: AtomicOutput?) throws {
        if let atomic, let lutProperty = atomic.crtcProperties["GAMMA_LUT"] {
            try setGammaLUT(crtc: crtc, property: lutProperty, ramps: ramps)
            return
        }
        let size = gammaSize(crtc: crtc, atomic: nil)
        guard let loaded = ramps ?? GammaRamps.linear(size: size) else {
            throw DisplayDeviceError.call("drmModeCrtcSetGamma (no gamma table)", EINVAL)
        }
        var red = Array(loaded.red), green = Array(loaded.green), blue = Array(loaded.blue)
        guard drmModeCrtcSetGamma(fileDescriptor, crtc, UInt32(loaded.size), &red, &green, &blue) == 0 else {
            throw DisplayDeviceError.call("drmModeCrtcSetGamma", errno)
        }
    }

    /// A blocking atomic commit of GAMMA_LUT alone (0: no table), which
    /// needs no modeset and waits for a flip in flight rather than being
    /// refused.
    private func setGammaLUT(crtc: UInt32, property: UInt32, ramps: GammaRamps?) throws {
        var blob: UInt32 = 0
        // The kernel keeps its own reference to the blob while the CRTC uses it.
        defer { if blob != 0 { drmModeDestroyPropertyBlob(fileDescriptor, blob) } }
        if let ramps {
            var entries = (0..<ramps.size).map { index in
                drm_color_lut(red: ramps.values[index], green: ramps.values[ramps.size + index],
                              blue: ramps.values[2 * ramps.size + index], reserved: 0)
            }
            guard drmModeCreatePropertyBlob(fileDescriptor, &entries, MemoryLayout<drm_color_lut>.stride * entries.count, &blob) == 0
            else { throw DisplayDeviceError.call("drmModeCreatePropertyBlob (GAMMA_LUT)", errno) }
        }
        guard let request = drmModeAtomicAlloc() else { throw DisplayDeviceError.call("drmModeAtomicAlloc", ENOMEM) }
        defer { drmModeAtomicFree(request) }
        guard drmModeAtomicAddProperty(request, crtc, property, UInt64(blob)) >= 0 else {
            throw DisplayDeviceError.call("drmModeAtomicAddProperty (GAMMA_LUT)", ENOMEM)
        }
        guard drmModeAtomicCommit(fileDescriptor, request, 0, nil) == 0 else {
            throw DisplayDeviceError.call("drmModeAtomicCommit (GAMMA_LUT)", errno)
        }
    }
}
