import CWaylandServer
import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// A wl_region: rectangles added and subtracted in order. Strata uses
/// regions as input regions (the opaque region is a hint it ignores), and
/// asks them only whether they contain a point, so a region is kept as its
/// operations, not reduced.
final class Region {
    private(set) var operations: [RegionShape.Operation] = []

    /// The region as it is now, to keep after the wl_region changes or goes away.
    var shape: RegionShape { RegionShape(operations: operations) }

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

/// A region's value: rectangles added and subtracted in order, in surface points.
struct RegionShape: Equatable {
    enum Operation: Equatable { case add(PixelRect), subtract(PixelRect) }
    var operations: [Operation]

    /// The last operation whose rectangle holds the point decides.
    func contains(_ point: Point) -> Bool {
        for operation in operations.reversed() {
            switch operation {
            case .add(let r) where r.contains(point): return true
            case .subtract(let r) where r.contains(point): return false
            default: continue
            }
        }
        return false
    }
}

private extension PixelRect {
    func contains(_ p: Point) -> Bool {
        width > 0 && height > 0 && p.x >= Double(x) && p.x < Double(x) + Double(width)
            && p.y >= Double(y) && p.y < Double(y) + Double(height)
    }
}
