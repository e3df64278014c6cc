import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// A zwp_input_popup_surface_v2: the input method's candidate list. While
/// the input method is active for a focused text input and the surface has
/// a buffer, its layer is in the scene above the windows (below the
/// cursor), just under the text input's cursor rectangle, or above it when
/// there is no room below; it is told where that rectangle is, in its own
/// coordinates. It follows its text input's window before each frame,
/// enters the outputs it is on, and takes the pointer and touch (a click
/// on a candidate moves no keyboard focus).
final class InputPopupSurface: SurfaceRole {
    static let role = SurfaceRoleKind.other("zwp_input_popup_surface_v2")

    private(set) var resource: WaylandResource?
    private weak var inputMethod: InputMethod?
    private(set) weak var surface: Surface?
    /// The text input it is shown for, while the input method is active.
    private weak var textInput: (any RelayedTextInput)?
    /// The rectangle last sent, so that it is sent again only when it changes.
    private var sentRectangle: TextInputState.CursorRectangle?

    init?(inputMethod: InputMethod, surface: Surface, parent: WaylandResource, id: UInt32) {
        self.inputMethod = inputMethod
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_zwp_input_popup_surface_v2_interface(), id: id,
                                          implementation: InputPopupSurface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        surface.roleObject = self
    }

    /// A popup of an input method that got unavailable: an object that does nothing.
    static func makeInert(parent: WaylandResource, id: UInt32) {
        makeResource(child: parent, interface: strata_zwp_input_popup_surface_v2_interface(), id: id,
                     implementation: InputPopupSurface.implementation, object: InertObject())
    }

    private final class InertObject {}

    /// The input method is now active for `textInput` (or for none): show, move or hide.
    func textInputChanged(_ textInput: (any RelayedTextInput)?) {
        self.textInput = textInput
        update()
    }

    /// In the scene, where the pointer and touch can reach it.
    var isShown: Bool { resource != nil && surface?.resource != nil && surface?.layer.superlayer != nil }

    /// Its text input's window may have moved: placed again (before each frame).
    func followTextInput() {
        if isShown { update() }
    }

    func inputMethodDestroyed() {
        inputMethod = nil
        textInputChanged(nil)
    }

    /// Where the popup goes: below the cursor rectangle (the surface's top
    /// left when the text input gave none), above it when the output has no
    /// room below, and inside the output sideways.
    private func update() {
        guard let surface else { return }
        let server = surface.server
        guard let textInput, let anchorSurface = textInput.focusedSurface, anchorSurface.resource != nil,
              let origin = anchorSurface.outputPoint(fromLocal: .zero), surface.isMapped, resource != nil
        else {
            if surface.layer.superlayer != nil {
                surface.layer.removeFromSuperlayer()
                server.scheduleFrame()
            }
            surface.updateOutputPresence()
            return
        }
        let rectangle = textInput.current.cursorRectangle ?? .init(x: 0, y: 0, width: 0, height: 0)
        let cursor = Rect(x: origin.x + Double(rectangle.x), y: origin.y + Double(rectangle.y),
                          width: Double(rectangle.width), height: Double(rectangle.height))
        let output = server.output(for: cursor).bounds
        let size = surface.size
        var position = Point(x: cursor.origin.x, y: cursor.origin.y + cursor.size.height)
        if position.y + size.height > output.origin.y + output.size.height, cursor.origin.y - size.height >= output.origin.y {
            position.y = cursor.origin.y - size.height
        }
        position.x = max(output.origin.x, min(position.x, output.origin.x + output.size.width - size.width))
        if surface.layer.position != position || surface.layer.superlayer == nil {
            surface.layer.position = position
            if surface.layer.superlayer == nil { InputPopupSurface.insertBelowCursor(surface.layer, server: server) }
            server.scheduleFrame()
        }
        surface.updateOutputPresence()
        let relative = TextInputState.CursorRectangle(x: ClientValue.int32((cursor.origin.x - position.x).rounded()),
                                                      y: ClientValue.int32((cursor.origin.y - position.y).rounded()),
                                                      width: rectangle.width, height: rectangle.height)
        if relative != sentRectangle, let resource {
            sentRectangle = relative
            zwp_input_popup_surface_v2_send_text_input_rectangle(resource, relative.x, relative.y, relative.width, relative.height)
        }
    }

    /// Above the windows and layer surfaces, below the cursor once it is in the scene.
    private static func insertBelowCursor(_ layer: RenderLayer, server: Server) {
        let scene = server.scene
        if let cursor = scene.sublayers.firstIndex(where: { $0 === server.seat.cursor.layer }) {
            scene.insertSublayer(layer, at: cursor)
        } else {
            scene.addSublayer(layer)
        }
    }

    private func destroyed() {
        resource = nil
        if let surface {
            surface.roleObject = nil
            if surface.layer.superlayer != nil {
                surface.layer.removeFromSuperlayer()
                surface.server.scheduleFrame()
            }
        }
        inputMethod?.removePopup(self)
    }

    // MARK: SurfaceRole

    func surfaceWillCommit(_ surface: Surface) -> Bool { true }
    func surfaceDidCommit(_ surface: Surface) { update() }
    func surfaceLayerTreeChanged(_ surface: Surface) { update() }
    func surfaceDestroyed(_ surface: Surface) {
        surface.layer.removeFromSuperlayer()
        surface.server.scheduleFrame()
        self.surface = nil
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_input_popup_surface_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
