import CWaylandServer
import StrataProtocol
import StrataRender

extension Surface {
    /// The client that owns the surface; nil once it is destroyed.
    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// `point` on the output in this surface's coordinates, or nil when
    /// the surface is not in the scene. Follows the layers up to the scene
    /// root, so it holds wherever the surface is placed.
    func localPoint(fromOutput point: Point) -> Point? {
        var toOutput = AffineTransform.identity
        var current = layer
        while let parent = current.superlayer {
            toOutput = toOutput.concatenating(current.transformToSuperlayer)
            current = parent
        }
        guard current === server.scene, let fromOutput = toOutput.inverted() else { return nil }
        return fromOutput.apply(point)
    }

    /// `point` in this surface's coordinates on the output, or nil when the
    /// surface is not in the scene (the inverse of `localPoint(fromOutput:)`).
    func outputPoint(fromLocal point: Point) -> Point? {
        var toOutput = AffineTransform.identity
        var current = layer
        while let parent = current.superlayer {
            toOutput = toOutput.concatenating(current.transformToSuperlayer)
            current = parent
        }
        guard current === server.scene else { return nil }
        return toOutput.apply(point)
    }

    /// Whether a point (surface coordinates) is where the surface takes
    /// input: on the buffer and in the input region (wl_surface), or on the
    /// layer tree bound to it (strata_context_v1; see RenderLayer.containsInTree).
    func acceptsInput(at point: Point) -> Bool {
        let buffer = contentLayer.bounds
        if hasBuffer, point.x >= 0, point.y >= 0, point.x < buffer.width, point.y < buffer.height,
           inputRegion?.contains(point) ?? true {
            return true
        }
        return layerTree?.containsInTree(point) ?? false
    }
}
