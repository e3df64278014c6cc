import CWaylandServer
import StrataProtocol

// Touch: each point belongs to the surface it went down on until it goes
// up, with coordinates relative to that surface wherever it moves. A touch
// down focuses and raises its window, and hides the pointer's cursor.
extension Seat {
    func touchDown(id: Int32, at point: Point, time: UInt32) {
        cursor.touchBegan()
        server.scheduleFrame()
        guard touchPoints[id] == nil else { return }  // already down: a backend's mistake
        // A touch outside the open menus closes them first.
        dismissPopupGrabs(unlessOn: surface(at: point)?.surface)
        guard let target = surface(at: point) else {
            touchPoints[id] = Weak<Surface>(nil)
            return
        }
        focusWindow(target.toplevel)
        touchPoints[id] = Weak(target.surface)
        guard let surfaceResource = target.surface.resource else { return }
        let serial = nextSerial()
        rememberGrabSerial(serial, client: target.surface.client)
        for touch in touches(of: target.surface.client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_down(resource, serial, time, surfaceResource, id,
                               wl_fixed_from_double(target.local.x), wl_fixed_from_double(target.local.y))
            wl_touch_send_frame(resource)
        }
    }

    func touchMotion(id: Int32, to point: Point, time: UInt32) {
        guard let surface = touchPoints[id]?.object, surface.resource != nil,
              let local = surface.localPoint(fromOutput: point) else { return }
        for touch in touches(of: surface.client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_motion(resource, time, id, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            wl_touch_send_frame(resource)
        }
    }

    func touchUp(id: Int32, time: UInt32) {
        guard let entry = touchPoints.removeValue(forKey: id),
              let surface = entry.object, surface.resource != nil else { return }
        let serial = nextSerial()
        for touch in touches(of: surface.client) {
            guard let resource = touch.resource else { continue }
            wl_touch_send_up(resource, serial, time, id)
            wl_touch_send_frame(resource)
        }
    }

    /// Every client with a point down is told the session is cancelled.
    func touchCancel() {
        var clients: [OpaquePointer] = []
        for surface in touchPoints.values.compactMap(\.object) {
            if let client = surface.client, !clients.contains(client) { clients.append(client) }
        }
        touchPoints = [:]
        for client in clients {
            for touch in touches(of: client) {
                if let resource = touch.resource { wl_touch_send_cancel(resource) }
            }
        }
    }
}
