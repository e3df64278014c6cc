import CSeat
#if canImport(Glibc)
import Glibc
#endif

/// The login session's seat through libseat, which talks to seatd or
/// logind (or, as root, seats itself): devices are opened through it and
/// VT switches arrive as enable/disable.
final class LibseatSession: SessionSeat {
    private var seat: OpaquePointer?
    private(set) var isEnabled = false
    var onEnable: (() -> Void)?
    var onDisable: (() -> Void)?
    /// Device ids with the fds they were opened as, to close both.
    private var openDevices: [Int32: Int32] = [:]
    /// libseat keeps the listener's address: it lives as long as the session.
    private let listener: UnsafeMutablePointer<libseat_seat_listener> = {
        let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(
            enable_seat: { _, data in Unmanaged<LibseatSession>.fromOpaque(data!).takeUnretainedValue().enabled() },
            disable_seat: { _, data in Unmanaged<LibseatSession>.fromOpaque(data!).takeUnretainedValue().disabled() }))
        return listener
    }()

    /// Opens the seat and waits (at most `timeoutMilliseconds`) until it is ours.
    init(timeoutMilliseconds: Int32 = 5000) throws {
        // libseat's own messages would break strata's one-line errors; its failure is reported below.
        libseat_set_log_level(LIBSEAT_LOG_LEVEL_SILENT)
        errno = 0
        seat = libseat_open_seat(listener, Unmanaged.passUnretained(self).toOpaque())
        guard let seat else {
            let why = errno != 0 ? String(cString: strerror(errno)) : "no seatd or logind session"
            throw DrmBackendError.seat("\(why) (run strata from a virtual terminal's login, with seatd or logind)")
        }
        // The seat is usable once enable_seat has been called.
        var waited: Int32 = 0
        while !isEnabled && waited < timeoutMilliseconds {
            guard libseat_dispatch(seat, 100) >= 0 else {
                throw DrmBackendError.seat("libseat_dispatch: \(String(cString: strerror(errno)))")
            }
            waited += 100
        }
        guard isEnabled else { throw DrmBackendError.seat("the seat was not enabled within \(timeoutMilliseconds) ms (is this VT active?)") }
    }

    deinit {
        close()
        listener.deallocate()
    }

    var name: String { seat.flatMap { libseat_seat_name($0) }.map { String(cString: $0) } ?? "no seat" }
    var fileDescriptor: Int32 { seat.map { libseat_get_fd($0) } ?? -1 }

    private func enabled() {
        isEnabled = true
        onEnable?()
    }

    private func disabled() {
        isEnabled = false
        onDisable?()
    }

    func openDevice(_ path: String) throws -> (id: Int32, fileDescriptor: Int32) {
        guard let seat else { throw DrmBackendError.seat("closed") }
        var fd: Int32 = -1
        let id = libseat_open_device(seat, path, &fd)
        guard id >= 0, fd >= 0 else { throw DisplayDeviceError.call("opening \(path) through the seat", errno) }
        openDevices[id] = fd
        return (id, fd)
    }

    func closeDevice(id: Int32) {
        guard let seat, let fd = openDevices.removeValue(forKey: id) else { return }
        libseat_close_device(seat, id)
        Glibc.close(fd)
    }

    func acknowledgeDisable() {
        if let seat { libseat_disable_seat(seat) }
    }

    func switchSession(_ number: Int) throws {
        guard let seat else { return }
        guard libseat_switch_session(seat, Int32(number)) == 0 else { throw DisplayDeviceError.call("libseat_switch_session", errno) }
    }

    func dispatch() throws {
        guard let seat else { return }
        guard libseat_dispatch(seat, 0) >= 0 else { throw DisplayDeviceError.call("libseat_dispatch", errno) }
    }

    func close() {
        guard let seat else { return }
        for id in Array(openDevices.keys) { closeDevice(id: id) }
        libseat_close_seat(seat)
        self.seat = nil
    }
}
