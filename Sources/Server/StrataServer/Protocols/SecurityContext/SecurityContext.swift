import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A wp_security_context_v1: the listening socket and close_fd of
/// `create_listener`, and the metadata set before `commit`. At commit the
/// sockets go to a `SecurityContextListener`, which outlives this object
/// and its client; destroyed uncommitted, the context closes them.
///
/// The metadata is refused at commit with `invalid_metadata` when a value
/// is empty, is not UTF-8 or holds control characters, or when the engine
/// is `org.flatpak` and the app id or the instance id is missing (Flatpak
/// always sets both: wayland-protocols' staging/security-context/engines.md).
final class SecurityContext {
    /// What a committed context hands its listener.
    struct Committed {
        let listenFD: Int32
        let closeFD: Int32
        let metadata: SandboxMetadata
    }

    unowned let manager: SecurityContextManagerGlobal
    private var resource: WaylandResource?
    private var listenFD: Int32
    private var closeFD: Int32
    private var metadata = SandboxMetadata()
    /// A value was not UTF-8 or held control characters: refused at commit.
    private var invalidValue: String?
    private var committed = false

    init?(manager: SecurityContextManagerGlobal, parent: WaylandResource, id: UInt32, listenFD: Int32, closeFD: Int32) {
        self.manager = manager
        self.listenFD = listenFD
        self.closeFD = closeFD
        guard let resource = makeResource(child: parent, interface: strata_wp_security_context_v1_interface(), id: id,
                                          implementation: SecurityContext.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    private func postError(_ code: wp_security_context_v1_error, _ message: String) {
        if let resource { strata_resource_post_error(resource, code.rawValue, message) }
    }

    private func destroyed() {
        resource = nil
        // Uncommitted: the sockets were never handed on.
        if listenFD >= 0 { close(listenFD) }
        if closeFD >= 0 { close(closeFD) }
        listenFD = -1
        closeFD = -1
    }

    // MARK: Requests

    private enum Field: String {
        case sandboxEngine = "sandbox engine", appID = "app id", instanceID = "instance id"
    }

    private func set(_ field: Field, to raw: UnsafePointer<CChar>?) {
        if committed { return postError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED, "the security context was committed") }
        let keyPath: WritableKeyPath<SandboxMetadata, String?> = switch field {
        case .sandboxEngine: \.engine
        case .appID: \.appID
        case .instanceID: \.instanceID
        }
        if metadata[keyPath: keyPath] != nil {
            return postError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_SET, "the \(field.rawValue) is set already")
        }
        guard let raw, let value = String(validatingCString: raw),
              !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            // Kept, so that a second set is still already_set; refused at commit.
            metadata[keyPath: keyPath] = ""
            invalidValue = invalidValue ?? "the \(field.rawValue) is not UTF-8 text without control characters"
            return
        }
        metadata[keyPath: keyPath] = value
    }

    private func commit() {
        if committed { return postError(WP_SECURITY_CONTEXT_V1_ERROR_ALREADY_USED, "the security context was committed") }
        if let invalidValue { return postError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA, invalidValue) }
        for (value, field) in [(metadata.engine, Field.sandboxEngine), (metadata.appID, .appID), (metadata.instanceID, .instanceID)]
        where value?.isEmpty == true {
            return postError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA, "the \(field.rawValue) is empty")
        }
        if metadata.engine == "org.flatpak" && (metadata.appID == nil || metadata.instanceID == nil) {
            return postError(WP_SECURITY_CONTEXT_V1_ERROR_INVALID_METADATA,
                             "org.flatpak sets both the app id and the instance id")
        }
        let context = Committed(listenFD: listenFD, closeFD: closeFD, metadata: metadata)
        guard manager.listen(context) else {
            // epoll takes neither a regular file nor a directory as close_fd.
            if let resource, let display = wl_client_get_object(wl_resource_get_client(resource), 1) {
                strata_resource_post_error(display, UInt32(WL_DISPLAY_ERROR_IMPLEMENTATION.rawValue),
                                           "cannot watch close_fd or listen_fd for hang-ups")
            }
            return
        }
        // The listener owns the sockets from now on.
        committed = true
        listenFD = -1
        closeFD = -1
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_security_context_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_sandbox_engine = { _, resource, name in
            resourceObject(resource, as: SecurityContext.self)?.set(.sandboxEngine, to: name)
        }
        i.set_app_id = { _, resource, appID in
            resourceObject(resource, as: SecurityContext.self)?.set(.appID, to: appID)
        }
        i.set_instance_id = { _, resource, instanceID in
            resourceObject(resource, as: SecurityContext.self)?.set(.instanceID, to: instanceID)
        }
        i.commit = { _, resource in resourceObject(resource, as: SecurityContext.self)?.commit() }
        return staticImplementation(i)
    }()
}
