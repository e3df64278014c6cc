import CXkbCommon
import StrataProtocol

// Drag and drop takes the pointer, or the finger, that began it: while it
// lasts, the origin's client hears no motion, buttons or scrolling; the
// drag sends its own enter, motion, leave and drop (Protocols/DataDevice/Drag).
extension Seat {
    /// wl_data_device.start_drag from `origin`'s client quoting `serial`:
    /// begins a drag if that is a press of the client's still down (the
    /// pointer's implicit grab) or a finger of its still down. Returns
    /// false when there is no such grab; the caller cancels the source.
    func startDrag(source: DataSource?, origin: Surface, icon: Surface?, serial: UInt32) -> Bool {
        guard drag == nil, let manager = server.dataDeviceManager, let client = origin.client else { return false }
        let input: Drag.Input
        let start: Point
        if !buttonsDown.isEmpty, windowGrab == nil, titleBarPress == nil, livePointerFocus?.client == client,
           pressSerials.contains(where: { $0.serial == serial && $0.client == client }) {
            input = .pointer
            start = pointerPosition
        } else if let (id, point) = touchPoints.first(where: { $0.value.serial == serial && $0.value.client == client }) {
            input = .touch(id)
            start = point.position
        } else {
            return false
        }
        let drag = Drag(manager: manager, source: source, client: client, icon: icon, input: input)
        self.drag = drag
        dragModifiersChanged()
        // The origin's client hears no more of this press: the drag has it.
        if input == .pointer { setPointerFocus(nil, local: nil) }
        drag.moved(to: start, time: Seat.now())
        return true
    }

    /// Tells the drag under way which action the modifiers now ask for.
    func dragModifiersChanged() {
        drag?.modifiersChanged(shift: keymap.isActive(XKB_MOD_NAME_SHIFT), control: keymap.isActive(XKB_MOD_NAME_CTRL))
    }
}
