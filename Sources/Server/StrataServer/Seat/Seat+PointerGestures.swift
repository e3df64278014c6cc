// Touchpad gestures go to the surface under the pointer when they begin,
// and their updates and end to that same surface (zwp_pointer_gestures_v1).
extension Seat {
    func pointerGesture(_ gesture: PointerGesture, time: UInt32) {
        server.pointerGestures?.relay(gesture, focus: pointerFocus, time: time)
    }
}
