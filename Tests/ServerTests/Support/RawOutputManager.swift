import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// A zwlr_output_manager_v1 binding of a RawClient: the heads it was told
/// of (by name, with their last enabled state and position), the serial of
/// the last `done`, and the answers to its configurations.
final class RawOutputManager {
    final class Head {
        let proxy: OpaquePointer
        var name = ""
        var enabled = false
        var position = (x: Int32(0), y: Int32(0))
        var scale = 0.0
        var modes: [OpaquePointer] = []
        var isFinished = false
        init(proxy: OpaquePointer) { self.proxy = proxy }
    }

    let client: RawClient
    let manager: OpaquePointer
    private(set) var heads: [Head] = []
    private(set) var serial: UInt32 = 0
    private(set) var doneCount = 0
    /// Each configuration's answer, by proxy: succeeded, failed or cancelled.
    private(set) var answers: [OpaquePointer: String] = [:]
    private let managerListener = UnsafeMutablePointer<zwlr_output_manager_v1_listener>.allocate(capacity: 1)
    private let headListener = UnsafeMutablePointer<zwlr_output_head_v1_listener>.allocate(capacity: 1)
    private let configurationListener = UnsafeMutablePointer<zwlr_output_configuration_v1_listener>.allocate(capacity: 1)

    private static func me(_ data: UnsafeMutableRawPointer?) -> RawOutputManager {
        Unmanaged<RawOutputManager>.fromOpaque(data!).takeUnretainedValue()
    }

    private func head(_ proxy: OpaquePointer?) -> Head? { heads.first { $0.proxy == proxy } }

    init(_ client: RawClient, version: UInt32 = 2) throws {
        self.client = client
        manager = try client.bind(strata_zwlr_output_manager_v1_interface(), version: version)
        managerListener.initialize(to: zwlr_output_manager_v1_listener(
            head: { data, _, head in
                let me = RawOutputManager.me(data)
                me.heads.append(Head(proxy: head!))
                zwlr_output_head_v1_add_listener(head, me.headListener, data)
            },
            done: { data, _, serial in
                let me = RawOutputManager.me(data)
                me.serial = serial
                me.doneCount += 1
            },
            finished: { _, _ in }))
        headListener.initialize(to: zwlr_output_head_v1_listener(
            name: { data, head, name in RawOutputManager.me(data).head(head)?.name = String(cString: name!) },
            description: { _, _, _ in },
            physical_size: { _, _, _, _ in },
            mode: { data, head, mode in RawOutputManager.me(data).head(head)?.modes.append(mode!) },
            enabled: { data, head, enabled in RawOutputManager.me(data).head(head)?.enabled = enabled != 0 },
            current_mode: { _, _, _ in },
            position: { data, head, x, y in RawOutputManager.me(data).head(head)?.position = (x, y) },
            transform: { _, _, _ in },
            scale: { data, head, scale in RawOutputManager.me(data).head(head)?.scale = Double(scale) / 256 },
            finished: { data, head in RawOutputManager.me(data).head(head)?.isFinished = true },
            make: { _, _, _ in },
            model: { _, _, _ in },
            serial_number: { _, _, _ in }))
        configurationListener.initialize(to: zwlr_output_configuration_v1_listener(
            succeeded: { data, configuration in RawOutputManager.me(data).answers[configuration!] = "succeeded" },
            failed: { data, configuration in RawOutputManager.me(data).answers[configuration!] = "failed" },
            cancelled: { data, configuration in RawOutputManager.me(data).answers[configuration!] = "cancelled" }))
        zwlr_output_manager_v1_add_listener(manager, managerListener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit {
        managerListener.deallocate()
        headListener.deallocate()
        configurationListener.deallocate()
    }

    /// The live head named `name`.
    func head(named name: String) -> Head? { heads.first { $0.name == name && !$0.isFinished } }

    /// A configuration at `serial` (default: the last one), its listener set.
    func configuration(serial: UInt32? = nil) -> OpaquePointer {
        let configuration = zwlr_output_manager_v1_create_configuration(manager, serial ?? self.serial)!
        zwlr_output_configuration_v1_add_listener(configuration, configurationListener, Unmanaged.passUnretained(self).toOpaque())
        return configuration
    }

    /// Waits (dispatching) for `configuration`'s answer.
    func answer(_ configuration: OpaquePointer, timeout: TimeInterval = 10) -> String? {
        _ = waitUntil(timeout: timeout) {
            client.roundtrip()
            return answers[configuration] != nil
        }
        return answers[configuration]
    }
}
