import StrataProtocol
import StrataRender

// A surface with subsurfaces is a tree: its layer holds its own contents
// and its subsurfaces' layers, in stacking order. The window (or cursor)
// holds the main surface's layer, so the whole tree is drawn, moved,
// damaged and hit-tested as one window.
extension Surface {
    /// The wl_subsurface that gives this surface its role, if any.
    var subsurfaceRole: Subsurface? { roleObject as? Subsurface }

    /// The surface at the root of this surface's tree: the window's surface.
    var mainSurface: Surface {
        var surface = self
        while let parent = surface.subsurfaceRole?.parent { surface = parent }
        return surface
    }

    /// How many subsurfaces stand between this surface and its main surface.
    var subsurfaceDepth: Int {
        var depth = 0
        var surface = self
        while let parent = surface.subsurfaceRole?.parent { depth += 1; surface = parent }
        return depth
    }

    /// How many levels of subsurfaces this surface has below it. The
    /// pending stacks hold every child, shown or about to be.
    var subsurfaceHeight: Int {
        var height = 0
        var level = [self]
        while true {
            let next = level.flatMap { surface in surface.pendingSubsurfaceStack.subsurfaces.compactMap(\.surface) }
            if next.isEmpty { return height }
            height += 1
            level = next
        }
    }

    /// Whether `other` is this surface or below it in its subsurface tree.
    func isAncestor(of other: Surface) -> Bool {
        var surface: Surface? = other
        while let current = surface {
            if current === self { return true }
            surface = current.subsurfaceRole?.parent
        }
        return false
    }

    /// The layer's sublayers from the stack: own contents (buffer, then a
    /// bound layer tree) where the parent is, subsurfaces around it.
    func rebuildSublayers() {
        layer.setSublayers(subsurfaceStack.entries.flatMap { entry -> [RenderLayer] in
            switch entry {
            case .parent: return [contentLayer] + (layerTree.map { [$0] } ?? [])
            case .child(let subsurface): return subsurface.surface.map { [$0.layer] } ?? []
            }
        })
    }

    /// This surface's state was applied: its subsurfaces' stacking and
    /// positions, then their cached commits, are applied with it.
    func applySubsurfaceState() {
        let stack = pendingSubsurfaceStack
        if !stack.hasSameOrder(as: subsurfaceStack) {
            subsurfaceStack = stack
            rebuildSublayers()
        }
        for subsurface in stack.subsurfaces { subsurface.parentStateApplied() }
    }

    /// This surface is being destroyed: its subsurfaces are unmapped.
    func orphanSubsurfaces() {
        var orphans = subsurfaceStack.subsurfaces
        for subsurface in pendingSubsurfaceStack.subsurfaces where !orphans.contains(where: { $0 === subsurface }) {
            orphans.append(subsurface)
        }
        subsurfaceStack = SubsurfaceStack()
        pendingSubsurfaceStack = SubsurfaceStack()
        for subsurface in orphans { subsurface.parentDestroyed() }
    }

    /// The topmost surface of this tree that takes input at `point`
    /// (output points), with the point in that surface's coordinates.
    func inputSurface(at point: Point) -> (surface: Surface, local: Point)? {
        for entry in subsurfaceStack.entries.reversed() {
            switch entry {
            case .parent:
                if resource != nil, let local = localPoint(fromOutput: point), acceptsInput(at: local) {
                    return (self, local)
                }
            case .child(let subsurface):
                if let child = subsurface.surface, child.isMapped, let hit = child.inputSurface(at: point) {
                    return hit
                }
            }
        }
        return nil
    }

    /// The bounding box of the surface and its shown subsurfaces, in its
    /// points: a window's geometry when the client sets none (xdg-shell).
    var extents: Rect {
        var box = Rect(origin: .zero, size: size)
        for subsurface in subsurfaceStack.subsurfaces {
            guard let child = subsurface.surface, child.isMapped else { continue }
            let childBox = child.extents
            box = box.union(Rect(x: childBox.minX + subsurface.position.x, y: childBox.minY + subsurface.position.y,
                                 width: childBox.width, height: childBox.height))
        }
        return box
    }
}
