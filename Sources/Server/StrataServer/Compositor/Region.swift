import CWaylandServer
import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// A wl_region: rectangles added and subtracted in order. Strata uses
/// regions as input regions, asking whether they contain a point, and as
/// opaque regions, asking whether they cover a whole surface; so a region
/// is kept as its operations, not reduced.
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
        // Edges past ±2^29 are clamped there (ClientValue.rect): far past any
        // surface, so unions and differences of rectangles fit pixman's Int32 boxes.
        i.add = { _, resource, x, y, width, height in
            Region.from(resource)?.operations.append(.add(ClientValue.rect(x: x, y: y, width: width, height: height)))
        }
        i.subtract = { _, resource, x, y, width, height in
            Region.from(resource)?.operations.append(.subtract(ClientValue.rect(x: x, y: y, width: width, height: height)))
        }
        return staticImplementation(i)
    }()
}

/// A region's value: rectangles added and subtracted in order, in surface points.
struct RegionShape: Equatable {
    enum Operation: Equatable { case add(PixelRect), subtract(PixelRect) }
    var operations: [Operation]

    /// Past this many operations a region promises nothing as an opaque
    /// region: reducing it costs too much for what it saves.
    static let maximumOpaqueOperations = 256

    /// The region as disjoint rectangles (none past `maximumOpaqueOperations`).
    var rects: [PixelRect] {
        guard operations.count <= RegionShape.maximumOpaqueOperations else { return [] }
        return PixelRect.disjointRects(operations.map {
            switch $0 {
            case .add(let rect): return (rect, true)
            case .subtract(let rect): return (rect, false)
            }
        })
    }

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

    /// Whether the region holds all of (0, 0, `width`, `height`). Answers
    /// no when unsure: true only when one added rectangle holds it all and
    /// nothing subtracted after it touches it.
    func covers(width: Int, height: Int) -> Bool {
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard !whole.isEmpty else { return false }
        for operation in operations.reversed() {
            switch operation {
            case .add(let r):
                if r.x <= 0, r.y <= 0, r.x + r.width >= width, r.y + r.height >= height { return true }
            case .subtract(let r):
                if !r.intersection(whole).isEmpty { return false }
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
