/// The login session's seat (libseat, through seatd or logind): the
/// right to open the GPU and input devices without being root, and the
/// virtual-terminal switches that take them away and give them back.
/// `LibseatSession` is the real one; tests use a fake.
protocol SessionSeat: AnyObject {
    /// "seat0".
    var name: String { get }
    /// Readable when the seat has something to say (dispatch then).
    var fileDescriptor: Int32 { get }
    /// The session became active again (switched back to): devices work again.
    var onEnable: (() -> Void)? { get set }
    /// The session is being switched away from: stop using devices, then `acknowledgeDisable()`.
    var onDisable: (() -> Void)? { get set }

    /// Opens a device node through the seat; returns its seat id and fd.
    func openDevice(_ path: String) throws -> (id: Int32, fileDescriptor: Int32)
    func closeDevice(id: Int32)
    /// Tells the seat every device is let go of after `onDisable`.
    func acknowledgeDisable()
    /// Asks for virtual terminal `number` (Ctrl+Alt+F`number`).
    func switchSession(_ number: Int) throws
    /// Reads and handles what the seat sent (calls onEnable / onDisable).
    func dispatch() throws
    func close()
}
