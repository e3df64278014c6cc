import CStrataServerProtocol
import CWaylandServer

/// A protocol error waiting to be raised: the object at fault, the error
/// code of that object's interface, and a message that names the reason.
/// Validation throws these; the request handler posts the first one, which
/// ends that client only.
struct ProtocolViolation: Error, @unchecked Sendable {
    let resource: WaylandResource
    let code: UInt32
    let message: String

    func post() {
        strata_resource_post_error(resource, code, message)
    }

    static func layer(_ resource: WaylandResource, _ code: strata_layer_v1_error, _ message: String) -> ProtocolViolation {
        ProtocolViolation(resource: resource, code: code.rawValue, message: message)
    }

    /// Arguments no implementation of `request` could use (a sum that
    /// overflows, say) where its interface has no error for them: as
    /// libwayland answers arguments it cannot read, wl_display's
    /// invalid_method, naming the object and the request
    /// ("invalid arguments for zwp_virtual_keyboard_v1@5.key: …").
    static func invalidArguments(_ resource: WaylandResource, request: String, _ reason: String) -> ProtocolViolation {
        let object = "\(String(cString: wl_resource_get_class(resource)))@\(wl_resource_get_id(resource))"
        let message = "invalid arguments for \(object).\(request): \(reason)"
        // The wl_display is object 1 of every client.
        let display = wl_client_get_object(wl_resource_get_client(resource), 1) ?? resource
        return ProtocolViolation(resource: display, code: WL_DISPLAY_ERROR_INVALID_METHOD.rawValue, message: message)
    }
}

/// Runs a request handler and posts the violation it throws, if any.
func reportingViolations(_ body: () throws(ProtocolViolation) -> Void) {
    do { try body() } catch { error.post() }
}
