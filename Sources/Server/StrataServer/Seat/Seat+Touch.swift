import CWaylandServer
import StrataProtocol

/// A finger down: the surface it went down on (nil: on the desktop) and
/// that surface's client, kept so the client can still be told the point
/// ended after its surface is gone.
struct TouchPoint {
    weak var surface: Surface?
    let client: OpaquePointer?
    /// The down's serial (what start_drag quotes) and where the finger is now.
    var serial: UInt32? = nil
    var position = Point.zero
}

// Touch: each point belongs to the surface it went down on until it goes
// up, with coordinates relative to that surface wherever it moves. A touch
// down focuses and raises its window, and hides the pointer's cursor.
extension Seat {
    func touchDown(id: Int32, at point: Point, time: UInt32) {
        cursor.touchBegan()
        server.scheduleFrame()
        guard touchPoints[id] == nil else { return }  // already down: a backend's mistake
        if windowMenu != nil {
            // The menu's: this finger reaches no client.
            touchPoints[id] = TouchPoint(surface: nil, client: nil, position: point)
            return windowMenuTouched(at: point)
        }
        // A touch outside the open menus closes them, and is theirs: this finger reaches no client.
        if dismissPopupGrabs(unlessOn: surface(at: point)?.surface) {
            touchPoints[id] = TouchPoint(surface: nil, client: nil, position: point)
            return
        }
        guard let target = surface(at: point) else {
            touchPoints[id] = TouchPoint(surface: nil, client: nil, position: point)
            return
        }
        if let toplevel = target.toplevel { focusWindow(toplevel) }
        if let layerSurface = target.layerSurface { focusLayerSurface(layerSurface) }
        if let lockSurface = server.sessionLock?.lockSurface(of: target.surface) { server.sessionLock?.focus(lockSurface) }
        guard let surfaceResource = target.surface.resource else {
            touchPoints[id] = TouchPoint(surface: target.surface, client: target.surface.client, position: point)
            return
        }
        let serial = nextSerial()
        touchPoints[id] = TouchPoint(surface: target.surface, client: target.surface.client, serial: serial, position: point)
        rememberGrabSerial(serial, client: target.surface.client)
        for touch in touches(of: target.surface.client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_down(resource, serial, time, surfaceResource, id,
                               wl_fixed_from_double(target.local.x), wl_fixed_from_double(target.local.y))
            wl_touch_send_frame(resource)
        }
    }

    func touchMotion(id: Int32, to point: Point, time: UInt32) {
        touchPoints[id]?.position = point
        // The finger carries a drag, or moves or resizes a window: its client hears no more of it.
        if let drag, drag.input == .touch(id) { return drag.moved(to: point, time: time) }
        if let grab = windowGrab, grab.touchID == id { return updateWindowGrab(to: point) }
        guard let surface = touchPoints[id]?.surface, surface.resource != nil,
              let local = surface.localPoint(fromOutput: point) else { return }
        for touch in touches(of: surface.client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_motion(resource, time, id, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            wl_touch_send_frame(resource)
        }
    }

    func touchUp(id: Int32, time: UInt32) {
        if let drag, drag.input == .touch(id) {
            touchPoints.removeValue(forKey: id)
            return drag.release()
        }
        if let grab = windowGrab, grab.touchID == id {
            touchPoints.removeValue(forKey: id)
            return endWindowGrab()
        }
        guard let point = touchPoints.removeValue(forKey: id),
              let surface = point.surface, surface.resource != nil else { return }
        sendTouchUp(id: id, to: point.client, time: time)
    }

    private func sendTouchUp(id: Int32, to client: OpaquePointer?, time: UInt32) {
        guard let client else { return }
        let serial = nextSerial()
        for touch in touches(of: client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_up(resource, serial, time, id)
            wl_touch_send_frame(resource)
        }
    }

    /// The points down on `surface` (or, with `andSubsurfaces`, on a
    /// surface of its tree) end: the surface was unmapped or destroyed, and
    /// its client is told with wl_touch.up, as if the fingers had lifted.
    func endTouchPoints(on surface: Surface, andSubsurfaces: Bool) {
        let ending = touchPoints.filter { _, point in
            guard let touched = point.surface else { return false }
            return touched === surface || (andSubsurfaces && touched.mainSurface === surface)
        }
        for (id, point) in ending.sorted(by: { $0.key < $1.key }) {
            touchPoints.removeValue(forKey: id)
            sendTouchUp(id: id, to: point.client, time: Seat.now())
        }
    }

    /// Every client with a point down is told the session is cancelled.
    func touchCancel() {
        if case .touch = drag?.input { drag?.cancel() }
        var clients: [OpaquePointer] = []
        for point in touchPoints.values where point.surface != nil {
            if let client = point.client, !clients.contains(client) { clients.append(client) }
        }
        touchPoints = [:]
        for client in clients {
            for touch in touches(of: client) {
                if let resource = touch.resource { wl_touch_send_cancel(resource) }
            }
        }
    }
}
