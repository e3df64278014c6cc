import CDrm
import XCTest
@testable import StrataServer

/// The real libdrm device's reading of the kernel's mode records.
final class LibdrmModeTests: XCTestCase {
    func testRefreshComesFromThePixelClockAndPreferredFromTheType() {
        var info = drmModeModeInfo()
        (info.hdisplay, info.vdisplay, info.htotal, info.vtotal) = (1920, 1080, 2200, 1125)
        info.clock = 148_500  // kHz: CEA 1080p60
        info.vrefresh = 60
        info.type = UInt32(DRM_MODE_TYPE_PREFERRED | DRM_MODE_TYPE_DRIVER)
        XCTAssertEqual(LibdrmDevice.mode(info), DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isPreferred: true))
        info.clock = 148_352  // the 59.94 Hz variant
        info.type = UInt32(DRM_MODE_TYPE_DRIVER)
        XCTAssertEqual(LibdrmDevice.mode(info), DisplayMode(width: 1920, height: 1080, refreshMillihertz: 59_940, isPreferred: false))
        XCTAssertEqual(LibdrmDevice.mode(info).description, "1920x1080@59.94Hz")
    }
}
