import CStrataServerProtocol
import CWaylandServer

/// A wp_cursor_shape_device_v1: sets the cursor of one wl_pointer (or of a
/// tablet tool) to a named shape, with the serial of the pointer's latest
/// enter, as wl_pointer.set_cursor takes.
final class CursorShapeDevice {
    unowned let manager: CursorShapeManagerGlobal
    private weak var pointer: PointerResource?
    private var resource: WaylandResource?

    /// The shapes' names in the cursor theme, by their enum value (1…34):
    /// CSS cursor names, the protocol's with hyphens.
    static let names = ["default", "context-menu", "help", "pointer", "progress", "wait", "cell", "crosshair", "text",
                        "vertical-text", "alias", "copy", "move", "no-drop", "not-allowed", "grab", "grabbing",
                        "e-resize", "n-resize", "ne-resize", "nw-resize", "s-resize", "se-resize", "sw-resize",
                        "w-resize", "ew-resize", "ns-resize", "nesw-resize", "nwse-resize", "col-resize",
                        "row-resize", "all-scroll", "zoom-in", "zoom-out"]

    init?(manager: CursorShapeManagerGlobal, pointer: PointerResource?, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.pointer = pointer
        guard let resource = makeResource(child: parent, interface: strata_wp_cursor_shape_device_v1_interface(), id: id,
                                          implementation: CursorShapeDevice.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.deviceDestroyed()
                                          })
        else { return nil }
        self.resource = resource
    }

    private func setShape(serial: UInt32, shape: UInt32) {
        guard let resource else { return }
        guard shape >= 1, Int(shape) <= CursorShapeDevice.names.count else {
            strata_resource_post_error(resource, WP_CURSOR_SHAPE_DEVICE_V1_ERROR_INVALID_SHAPE.rawValue,
                                       "cursor shape \(shape) is not a wp_cursor_shape_device_v1.shape")
            return
        }
        guard let pointer else { return }
        manager.server.seat.setCursorShape(CursorShapeDevice.names[Int(shape) - 1], from: pointer, serial: serial)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_cursor_shape_device_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_shape = { _, resource, serial, shape in
            resourceObject(resource, as: CursorShapeDevice.self)?.setShape(serial: serial, shape: shape)
        }
        return staticImplementation(i)
    }()
}
