import CStrataServerProtocol

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
}

/// Runs a request handler and posts the violation it throws, if any.
func reportingViolations(_ body: () throws(ProtocolViolation) -> Void) {
    do { try body() } catch { error.post() }
}
