import CWaylandServer
import CStrataServerProtocol
import StrataRender

/// A wl_region: rectangles added and subtracted in order. Strata treats the
/// opaque and input regions as hints it may ignore, so a region is only
/// kept well-formed, not reduced.
final class Region {
    enum Operation { case add(PixelRect), subtract(PixelRect) }
    private(set) var operations: [Operation] = []

    static func from(_ resource: WaylandResource?) -> Region? {
        resourceObject(resource, as: Region.self, interface: strata_wl_region_interface())
    }

    static func make(parent: WaylandResource, id: UInt32) {
        makeResource(child: parent, interface: strata_wl_region_interface(), id: id,
                     implementation: Region.implementation, object: Region())
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_region_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.add = { _, resource, x, y, width, height in
            Region.from(resource)?.operations.append(.add(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))))
        }
        i.subtract = { _, resource, x, y, width, height in
            Region.from(resource)?.operations.append(.subtract(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))))
        }
        return staticImplementation(i)
    }()
}
