import CWaylandServer
import StrataProtocol

/// What an in-process harness (the wlcs integration, tests) does that no
/// Wayland client can: hand the server a connected socket, and place a
/// window where it wants it. Call these on the server's thread (`perform`).
extension Server {
    /// Serves a client on `fd`, one end of a connected socket pair; the
    /// server owns the fd from now on. nil when libwayland refuses it
    /// (the fd is closed then).
    public func addClient(fd: Int32) -> OpaquePointer? {
        addClient(fd: fd, standing: .ordinary)
    }

    /// Serves a client on `fd` with `standing`, fixed before any of its requests is read.
    @discardableResult
    func addClient(fd: Int32, standing: ClientStanding) -> OpaquePointer? {
        guard let client = wl_client_create(display, fd) else { return nil }
        standings.set(standing, for: client)
        return client
    }

    /// How `client`'s connection came in (`ClientStanding`).
    public func standing(of client: OpaquePointer) -> ClientStanding {
        standings.standing(of: client)
    }

    /// Moves the window whose surface is object `surfaceID` of `client`
    /// so that its geometry's top left is at `origin` (output points).
    /// A layer surface's is moved there too. False when that object is not
    /// the surface of an xdg_toplevel or a layer surface.
    @discardableResult
    public func placeWindow(client: OpaquePointer, surfaceID: UInt32, at origin: Point) -> Bool {
        guard let resource = wl_client_get_object(client, surfaceID), let surface = Surface.from(resource) else { return false }
        if let layerSurface = surface.roleObject as? LayerSurface {
            layerSurface.place(at: origin)
            return true
        }
        guard let toplevel = (surface.roleObject as? XdgSurface)?.toplevel else { return false }
        toplevel.place(at: origin)
        return true
    }
}
