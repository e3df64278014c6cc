import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A zwlr_gamma_control_v1: one client's hold on one output's gamma. Its
/// table stays on the output until the control is destroyed (its client
/// leaving destroys it) or fails; then the output has no table again.
final class GammaControl {
    unowned let manager: GammaControlManagerGlobal
    private(set) var resource: WaylandResource?
    /// The output it holds; nil once it failed (inert from then on).
    private(set) weak var output: Output?
    /// Entries in each ramp, as `gamma_size` said.
    let size: Int
    /// The table last set, which the output's backend took.
    private(set) var ramps: GammaRamps?

    init?(manager: GammaControlManagerGlobal, parent: WaylandResource, id: UInt32, output: Output?, size: Int) {
        self.manager = manager
        self.output = output
        self.size = size
        guard let resource = makeResource(child: parent, interface: strata_zwlr_gamma_control_v1_interface(), id: id,
                                          implementation: GammaControl.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.release()
                                          })
        else { return nil }
        self.resource = resource
    }

    func announceSize() {
        if let resource { zwlr_gamma_control_v1_send_gamma_size(resource, UInt32(size)) }
    }

    /// The control is no longer valid: `failed`, and the output lets go of its table.
    func fail() {
        if let resource { zwlr_gamma_control_v1_send_failed(resource) }
        release()
    }

    /// The output goes back to no table, and to whichever control comes next.
    private func release() {
        guard let output else { return }
        self.output = nil
        manager.remove(self)
        guard ramps != nil else { return }
        ramps = nil
        do {
            try output.device.setGamma(nil)
        } catch {
            ServerLog.logger.error("\(output.name): cannot reset the gamma: \(error)")
        }
    }

    /// set_gamma: the whole table from the start of `fd`, three ramps of
    /// `size` 16-bit entries; a table of another length, or one that cannot
    /// be read or applied, fails the control.
    private func setGamma(fd: Int32) {
        guard let output else { return }
        guard let table = GammaControl.readTable(fd: fd, size: size) else { return fail() }
        do {
            try output.device.setGamma(table)
        } catch {
            ServerLog.logger.error("\(output.name): cannot set the gamma: \(error)")
            return fail()
        }
        ramps = table
    }

    /// Reads exactly three ramps of `size` entries from the start of `fd`,
    /// without blocking; nil when it holds more or fewer bytes, or cannot be read.
    static func readTable(fd: Int32, size: Int) -> GammaRamps? {
        let byteCount = size * 3 * MemoryLayout<UInt16>.size
        var status = stat()
        // A file longer than the table is of another size too (a pipe has no length to check).
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) != byteCount { return nil }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { return nil }
        var values = [UInt16](repeating: 0, count: size * 3)
        let read = values.withUnsafeMutableBytes { pread(fd, $0.baseAddress, byteCount, 0) }
        guard read == byteCount else { return nil }
        return GammaRamps(size: size, values: values)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_gamma_control_v1_interface()
        i.set_gamma = { _, resource, fd in
            // The fd is ours to close.
            defer { close(fd) }
            resourceObject(resource, as: GammaControl.self)?.setGamma(fd: fd)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
