import StrataProtocol
import StrataServer
#if canImport(Glibc)
import Glibc
#endif

// The functions Sources/Conformance/CStrataWlcs/swift_host.h declares.
// Handles are retained objects, released by the matching destroy.

private func object<T: AnyObject>(_ handle: UnsafeMutableRawPointer?, as type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(handle!).takeUnretainedValue()
}

private func retained(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(object).toOpaque()
}

@_cdecl("strata_wlcs_host_create")
public func strataWlcsHostCreate() -> UnsafeMutableRawPointer {
    retained(WlcsHost())
}

@_cdecl("strata_wlcs_host_destroy")
public func strataWlcsHostDestroy(_ host: UnsafeMutableRawPointer?) {
    guard let host else { return }
    let released = Unmanaged<WlcsHost>.fromOpaque(host).takeRetainedValue()
    released.stop()
}

@_cdecl("strata_wlcs_host_start")
public func strataWlcsHostStart(_ host: UnsafeMutableRawPointer?) {
    object(host, as: WlcsHost.self).start()
}

@_cdecl("strata_wlcs_host_stop")
public func strataWlcsHostStop(_ host: UnsafeMutableRawPointer?) {
    object(host, as: WlcsHost.self).stop()
}

@_cdecl("strata_wlcs_host_client_socket")
public func strataWlcsHostClientSocket(_ host: UnsafeMutableRawPointer?) -> Int32 {
    object(host, as: WlcsHost.self).createClientSocket()
}

@_cdecl("strata_wlcs_host_place_window")
public func strataWlcsHostPlaceWindow(_ host: UnsafeMutableRawPointer?, _ clientFD: Int32, _ surfaceID: UInt32,
                                      _ x: Int32, _ y: Int32) {
    object(host, as: WlcsHost.self).placeWindow(clientFD: clientFD, surfaceID: surfaceID, x: x, y: y)
}

/// The served globals' names as C strings that live as long as the process.
private let extensionNames: [UnsafeMutablePointer<CChar>] = Server.servedGlobals.map { strdup($0.interface)! }

@_cdecl("strata_wlcs_extension_count")
public func strataWlcsExtensionCount() -> Int {
    extensionNames.count
}

@_cdecl("strata_wlcs_extension_name")
public func strataWlcsExtensionName(_ i: Int) -> UnsafePointer<CChar> {
    UnsafePointer(extensionNames[i])
}

@_cdecl("strata_wlcs_extension_version")
public func strataWlcsExtensionVersion(_ i: Int) -> UInt32 {
    Server.servedGlobals[i].version
}

@_cdecl("strata_wlcs_pointer_create")
public func strataWlcsPointerCreate(_ host: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    retained(WlcsPointerDevice(host: object(host, as: WlcsHost.self)))
}

@_cdecl("strata_wlcs_pointer_move_to")
public func strataWlcsPointerMoveTo(_ pointer: UnsafeMutableRawPointer?, _ x: Double, _ y: Double) {
    object(pointer, as: WlcsPointerDevice.self).move(to: Point(x: x, y: y))
}

@_cdecl("strata_wlcs_pointer_move_by")
public func strataWlcsPointerMoveBy(_ pointer: UnsafeMutableRawPointer?, _ dx: Double, _ dy: Double) {
    object(pointer, as: WlcsPointerDevice.self).move(by: dx, dy)
}

@_cdecl("strata_wlcs_pointer_button")
public func strataWlcsPointerButton(_ pointer: UnsafeMutableRawPointer?, _ button: UInt32, _ pressed: Bool) {
    object(pointer, as: WlcsPointerDevice.self).button(button, pressed: pressed)
}

@_cdecl("strata_wlcs_pointer_destroy")
public func strataWlcsPointerDestroy(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<WlcsPointerDevice>.fromOpaque(pointer).release()
}

@_cdecl("strata_wlcs_touch_create")
public func strataWlcsTouchCreate(_ host: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    retained(WlcsTouchDevice(host: object(host, as: WlcsHost.self)))
}

@_cdecl("strata_wlcs_touch_down")
public func strataWlcsTouchDown(_ touch: UnsafeMutableRawPointer?, _ x: Double, _ y: Double) {
    object(touch, as: WlcsTouchDevice.self).down(at: Point(x: x, y: y))
}

@_cdecl("strata_wlcs_touch_move")
public func strataWlcsTouchMove(_ touch: UnsafeMutableRawPointer?, _ x: Double, _ y: Double) {
    object(touch, as: WlcsTouchDevice.self).move(to: Point(x: x, y: y))
}

@_cdecl("strata_wlcs_touch_up")
public func strataWlcsTouchUp(_ touch: UnsafeMutableRawPointer?) {
    object(touch, as: WlcsTouchDevice.self).up()
}

@_cdecl("strata_wlcs_touch_destroy")
public func strataWlcsTouchDestroy(_ touch: UnsafeMutableRawPointer?) {
    guard let touch else { return }
    Unmanaged<WlcsTouchDevice>.fromOpaque(touch).release()
}
