import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A zwlr_virtual_pointer_v1. Its requests are gathered until `frame`,
/// as the protocol groups them, then handed to the seat as the events a
/// device would report: the motion (absolute, then relative), each button
/// in order, then the scrolling and its stops. Times are the seat's, not
/// the client's. Buttons it holds down when it goes are released, as a
/// device unplugged would leave none down.
final class VirtualPointer {
    unowned let server: Server
    private var resource: WaylandResource?
    /// Buttons pressed through this pointer and not yet released.
    private var buttonsHeld: [UInt32] = []
    /// create_virtual_pointer_with_output: absolute motion spans this output; else the whole layout.
    private weak var output: Output?
    private var pending = Pending()

    /// What arrived since the last frame.
    private struct Pending {
        var absolute: Point?
        var dx = 0.0, dy = 0.0
        var buttons: [(button: UInt32, pressed: Bool)] = []
        var vertical = 0.0, horizontal = 0.0
        var verticalValue120: Int32 = 0, horizontalValue120: Int32 = 0
        var scrolled = false
        var source: InputEvent.AxisSource?
        var verticalStopped = false, horizontalStopped = false
    }

    init?(server: Server, parent: WaylandResource, id: UInt32, output: Output?) {
        self.server = server
        self.output = output
        guard let resource = makeResource(child: parent, interface: strata_zwlr_virtual_pointer_v1_interface(), id: id,
                                          implementation: VirtualPointer.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    private func destroyed() {
        resource = nil
        let held = buttonsHeld
        buttonsHeld = []
        for button in held { server.seat?.handle(.pointerButton(button, .released)) }
    }

    static func from(_ resource: WaylandResource?) -> VirtualPointer? {
        resourceObject(resource, as: VirtualPointer.self, interface: strata_zwlr_virtual_pointer_v1_interface())
    }

    /// The area absolute motion maps onto, in layout points.
    private var absoluteArea: Rect {
        if let output, !output.isRemoved { return output.bounds }
        return server.scene.bounds
    }

    private func motionAbsolute(x: UInt32, y: UInt32, xExtent: UInt32, yExtent: UInt32) {
        // An empty extent says nowhere: ignored, as wlroots does.
        guard xExtent > 0, yExtent > 0 else { return }
        let area = absoluteArea
        pending.absolute = Point(x: area.minX + area.width * Double(x) / Double(xExtent),
                                 y: area.minY + area.height * Double(y) / Double(yExtent))
        pending.dx = 0
        pending.dy = 0
    }

    /// wl_pointer.axis: 0 vertical, 1 horizontal; else the client's error.
    private func checkAxis(_ axis: UInt32) -> Bool {
        guard axis > WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue else { return true }
        if let resource {
            strata_resource_post_error(resource, ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS.rawValue,
                                       "axis \(axis) is not a wl_pointer.axis")
        }
        return false
    }

    private func axis(_ axis: UInt32, value: Double, steps: Int32 = 0) {
        guard checkAxis(axis) else { return }
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue {
            pending.vertical += value
            pending.verticalValue120 = ClientValue.sum(pending.verticalValue120, ClientValue.product(steps, 120))
        } else {
            pending.horizontal += value
            pending.horizontalValue120 = ClientValue.sum(pending.horizontalValue120, ClientValue.product(steps, 120))
        }
        pending.scrolled = true
    }

    private func axisSource(_ value: UInt32) {
        guard let source = InputEvent.AxisSource(rawValue: value) else {
            if let resource {
                strata_resource_post_error(resource, ZWLR_VIRTUAL_POINTER_V1_ERROR_INVALID_AXIS_SOURCE.rawValue,
                                           "axis source \(value) is not a wl_pointer.axis_source")
            }
            return
        }
        pending.source = source
    }

    /// The group ends: the seat gets it.
    private func frame() {
        let group = pending
        pending = Pending()
        let seat = server.seat!
        if group.absolute != nil || group.dx != 0 || group.dy != 0 {
            let from = group.absolute ?? seat.pointerPosition
            seat.handle(.pointerMotion(Point(x: from.x + group.dx, y: from.y + group.dy)))
        }
        for (button, pressed) in group.buttons {
            if pressed {
                // Held already, by it or by the real mouse: a second press is nothing, and not its to release.
                guard !buttonsHeld.contains(button), !seat.buttonsDown.contains(button) else { continue }
                buttonsHeld.append(button)
            } else {
                // Only what it pressed: a release of its own cannot lift the real mouse's button.
                guard let index = buttonsHeld.firstIndex(of: button) else { continue }
                buttonsHeld.remove(at: index)
            }
            seat.handle(.pointerButton(button, pressed ? .pressed : .released))
        }
        if group.scrolled {
            seat.handle(.pointerAxis(vertical: group.vertical, horizontal: group.horizontal, source: group.source ?? .wheel,
                                     verticalValue120: group.verticalValue120, horizontalValue120: group.horizontalValue120))
        }
        if group.verticalStopped || group.horizontalStopped {
            seat.handle(.pointerAxisStop(vertical: group.verticalStopped, horizontal: group.horizontalStopped))
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_virtual_pointer_v1_interface()
        i.motion = { _, resource, _, dx, dy in
            guard let pointer = VirtualPointer.from(resource) else { return }
            pointer.pending.dx += ClientValue.double(fixed: dx)
            pointer.pending.dy += ClientValue.double(fixed: dy)
        }
        i.motion_absolute = { _, resource, _, x, y, xExtent, yExtent in
            VirtualPointer.from(resource)?.motionAbsolute(x: x, y: y, xExtent: xExtent, yExtent: yExtent)
        }
        i.button = { _, resource, _, button, state in
            // wl_pointer.button_state: 0 released, 1 pressed; the protocol has no error for others, which are ignored.
            guard let pointer = VirtualPointer.from(resource), state <= 1 else { return }
            pointer.pending.buttons.append((button, state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
        }
        i.axis = { _, resource, _, axis, value in
            VirtualPointer.from(resource)?.axis(axis, value: ClientValue.double(fixed: value))
        }
        i.frame = { _, resource in VirtualPointer.from(resource)?.frame() }
        i.axis_source = { _, resource, source in VirtualPointer.from(resource)?.axisSource(source) }
        i.axis_stop = { _, resource, _, axis in
            guard let pointer = VirtualPointer.from(resource), pointer.checkAxis(axis) else { return }
            if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue {
                pointer.pending.verticalStopped = true
            } else {
                pointer.pending.horizontalStopped = true
            }
        }
        i.axis_discrete = { _, resource, _, axis, value, steps in
            VirtualPointer.from(resource)?.axis(axis, value: ClientValue.double(fixed: value), steps: steps)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
