import CStrataServerProtocol
import CWaylandServer

/// An xdg_positioner: the rules that place a popup. get_popup and
/// reposition copy them (`rules`), so later changes to the positioner do
/// not move a popup already made from it.
final class XdgPositioner {
    /// What a positioner has been told. A popup needs a size and an anchor rectangle.
    struct Rules {
        var width = 0
        var height = 0
        var anchorRect: PopupPlacement.Box?
        var anchor: UInt32 = 0
        var gravity: UInt32 = 0
        var adjustments: UInt32 = 0
        var offset: (x: Int, y: Int) = (0, 0)
        /// set_reactive (v3): the popup is placed again when its parent's geometry changes.
        var isReactive = false
        /// set_parent_size and set_parent_configure (v3): what the client
        /// based the rules on; kept for a future reactive placement.
        var parentSize: (width: Int, height: Int)?
        var parentConfigure: UInt32?

        /// set_size and set_anchor_rect were both sent.
        var isComplete: Bool { width > 0 && height > 0 && anchorRect != nil }

        /// The placement these rules describe (complete rules only).
        var placement: PopupPlacement {
            PopupPlacement(width: width, height: height, anchorRect: anchorRect ?? PopupPlacement.Box(x: 0, y: 0, width: 0, height: 0),
                           anchor: PopupPlacement.Edges(protocolValue: anchor) ?? PopupPlacement.Edges(x: 0, y: 0),
                           gravity: PopupPlacement.Edges(protocolValue: gravity) ?? PopupPlacement.Edges(x: 0, y: 0),
                           adjustments: PopupPlacement.Adjustments(rawValue: adjustments).intersection(.all),
                           offset: offset)
        }
    }

    private(set) var rules = Rules()
    private var resource: WaylandResource?

    static func from(_ resource: WaylandResource?) -> XdgPositioner? {
        resourceObject(resource, as: XdgPositioner.self, interface: strata_xdg_positioner_interface())
    }

    static func create(on base: WaylandResource, id: UInt32) {
        let positioner = XdgPositioner()
        positioner.resource = makeResource(child: base, interface: strata_xdg_positioner_interface(), id: id,
                                           implementation: XdgPositioner.implementation, object: positioner)
    }

    private func invalidInput(_ message: String) {
        guard let resource else { return }
        strata_resource_post_error(resource, XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue, message)
    }

    private func setSize(_ width: Int32, _ height: Int32) {
        guard width > 0, height > 0 else { return invalidInput("set_size \(width)×\(height): the size must be positive") }
        rules.width = ClientValue.length(width)
        rules.height = ClientValue.length(height)
    }

    private func setAnchorRect(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) {
        guard width >= 0, height >= 0 else { return invalidInput("set_anchor_rect \(width)×\(height): a negative size") }
        // Edges clamped to ±2^29 (ClientValue.rect): the placement's sums stay far inside Int.
        let rect = ClientValue.rect(x: x, y: y, width: width, height: height)
        rules.anchorRect = PopupPlacement.Box(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    private func setAnchor(_ value: UInt32) {
        guard PopupPlacement.Edges(protocolValue: value) != nil else { return invalidInput("set_anchor \(value) is not an anchor") }
        rules.anchor = value
    }

    private func setGravity(_ value: UInt32) {
        guard PopupPlacement.Edges(protocolValue: value) != nil else { return invalidInput("set_gravity \(value) is not a gravity") }
        rules.gravity = value
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_positioner_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_size = { _, resource, width, height in XdgPositioner.from(resource)?.setSize(width, height) }
        i.set_anchor_rect = { _, resource, x, y, width, height in
            XdgPositioner.from(resource)?.setAnchorRect(x, y, width, height)
        }
        i.set_anchor = { _, resource, anchor in XdgPositioner.from(resource)?.setAnchor(anchor) }
        i.set_gravity = { _, resource, gravity in XdgPositioner.from(resource)?.setGravity(gravity) }
        // Unknown bits are ignored, as the protocol defines no error for them.
        i.set_constraint_adjustment = { _, resource, bits in XdgPositioner.from(resource)?.rules.adjustments = bits }
        i.set_offset = { _, resource, x, y in
            XdgPositioner.from(resource)?.rules.offset = (ClientValue.coordinate(x), ClientValue.coordinate(y))
        }
        i.set_reactive = { _, resource in XdgPositioner.from(resource)?.rules.isReactive = true }
        i.set_parent_size = { _, resource, width, height in
            XdgPositioner.from(resource)?.rules.parentSize = (ClientValue.length(width), ClientValue.length(height))
        }
        i.set_parent_configure = { _, resource, serial in XdgPositioner.from(resource)?.rules.parentConfigure = serial }
        return staticImplementation(i)
    }()
}
