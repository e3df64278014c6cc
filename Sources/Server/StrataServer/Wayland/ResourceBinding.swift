import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A `struct wl_resource *` as libwayland hands it to Swift (wayland-server.h
/// defines the struct, so it imports as a typed pointer, not an opaque one).
public typealias WaylandResource = UnsafeMutablePointer<wl_resource>

// Every protocol object the server implements is a Swift class whose
// instance rides on its wl_resource as user data. These helpers do the
// bookkeeping once: the resource retains its object until libwayland
// destroys the resource (on a destructor request, on wl_resource_destroy,
// or when the client goes away), and then releases it.
//
// Implementations are C structs of @convention(c) functions that cannot
// capture context; each function gets its object back with
// `resourceObject(resource, as:)`.

/// What a resource carries as user data: the object and the code to run
/// when the resource goes away.
private final class ResourceBox {
    let object: AnyObject
    let onDestroy: ((WaylandResource) -> Void)?
    init(object: AnyObject, onDestroy: ((WaylandResource) -> Void)?) {
        self.object = object
        self.onDestroy = onDestroy
    }
}

private func destroyResourceBox(_ resource: WaylandResource?) {
    guard let resource, let data = wl_resource_get_user_data(resource) else { return }
    let box = Unmanaged<ResourceBox>.fromOpaque(data)
    // Clear first, so a late lookup during onDestroy finds nothing instead of a freed box.
    wl_resource_set_user_data(resource, nil)
    box.takeUnretainedValue().onDestroy?(resource)
    box.release()
}

/// Creates a resource of `interface` for `client` with the given `id`, whose
/// requests are handled by `implementation` (a pointer to a static
/// `struct foo_interface`, or nil for interfaces without requests), with
/// `object` retained as its user data until the resource is destroyed.
/// `onDestroy` runs once, before the object is released.
///
/// On allocation failure the client gets wl_display.no_memory and this
/// returns nil; callers just return.
@discardableResult
func makeResource(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
                  id: UInt32, implementation: UnsafeRawPointer?, object: AnyObject,
                  onDestroy: ((WaylandResource) -> Void)? = nil) -> WaylandResource? {
    guard let resource = wl_resource_create(client, interface, version, id) else {
        wl_client_post_no_memory(client)
        return nil
    }
    attach(object, to: resource, implementation: implementation, onDestroy: onDestroy)
    return resource
}

/// Gives a resource created earlier (wl_resource_create) its handler and
/// object, as `makeResource` does: for objects that need their resource
/// before they exist, such as ones that name it in their errors.
func attach(_ object: AnyObject, to resource: WaylandResource, implementation: UnsafeRawPointer?,
            onDestroy: ((WaylandResource) -> Void)? = nil) {
    let box = Unmanaged.passRetained(ResourceBox(object: object, onDestroy: onDestroy))
    wl_resource_set_implementation(resource, implementation, box.toOpaque(), destroyResourceBox)
}

/// A resource of the same client and version as `parent`, as new objects
/// made by requests (wl_compositor.create_surface etc.) are.
@discardableResult
func makeResource(child parent: WaylandResource, interface: UnsafePointer<wl_interface>, id: UInt32,
                  implementation: UnsafeRawPointer?, object: AnyObject,
                  onDestroy: ((WaylandResource) -> Void)? = nil) -> WaylandResource? {
    makeResource(client: wl_resource_get_client(parent), interface: interface,
                 version: wl_resource_get_version(parent), id: id,
                 implementation: implementation, object: object, onDestroy: onDestroy)
}

/// The object a resource made by `makeResource` carries, or nil when the
/// resource is of another kind, is being destroyed, or carries another type.
/// Pass `interface` to check the resource's interface as well, which a
/// request argument from a client must be (libwayland checks argument
/// types, but a Swift lookup should not depend on it).
func resourceObject<Object: AnyObject>(_ resource: WaylandResource?, as type: Object.Type,
                                       interface: UnsafePointer<wl_interface>? = nil) -> Object? {
    guard let resource else { return nil }
    // (wl_resource_instance_of would also compare implementations, which differ per interface version here.)
    // The class name is the interface's own string for our resources: compare pointers before bytes.
    if let interface, let name = wl_resource_get_class(resource), name != interface.pointee.name,
       strcmp(name, interface.pointee.name) != 0 { return nil }
    guard let data = wl_resource_get_user_data(resource) else { return nil }
    return Unmanaged<ResourceBox>.fromOpaque(data).takeUnretainedValue().object as? Object
}

/// An implementation struct in memory that never moves or goes away, as
/// libwayland keeps the pointer for the resource's whole life.
func staticImplementation<Interface>(_ value: Interface) -> UnsafeRawPointer {
    let pointer = UnsafeMutablePointer<Interface>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return UnsafeRawPointer(pointer)
}

/// Creates a global advertised to every client; `bind` runs for each
/// client that binds it, with the version the client asked for.
/// The returned object must be kept alive as long as the global exists.
final class Global {
    private(set) var global: OpaquePointer?
    private let bind: (_ client: OpaquePointer, _ version: UInt32, _ id: UInt32) -> Void

    init?(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
          bind: @escaping (_ client: OpaquePointer, _ version: UInt32, _ id: UInt32) -> Void) {
        self.bind = bind
        // The global's data pointer is this object, unretained: the owner keeps it.
        global = wl_global_create(display, interface, version, Unmanaged.passUnretained(self).toOpaque()) {
            client, data, version, id in
            guard let client, let data else { return }
            Unmanaged<Global>.fromOpaque(data).takeUnretainedValue().bind(client, version, id)
        }
        if global == nil { return nil }
    }

    /// A global whose every binding is a resource handled by
    /// `implementation` with `object` as its user data: for globals that
    /// keep no per-binding state. `object` owns the global and is not retained.
    convenience init?(display: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32,
                      object: AnyObject, implementation: UnsafeRawPointer) {
        self.init(display: display, interface: interface, version: version) { [unowned object] client, version, id in
            makeResource(client: client, interface: interface, version: Int32(version), id: id,
                         implementation: implementation, object: object)
        }
    }

    /// Stops advertising the global (clients get wl_registry.global_remove)
    /// while it still exists, so a bind already on its way is served.
    /// Destroy it later (`RetiringGlobal`), as wlroots and weston do.
    func withdraw() {
        if let global { wl_global_remove(global) }
    }

    deinit { if let global { wl_global_destroy(global) } }
}

/// A wl_listener whose notify runs a Swift closure: for destroy signals of
/// resources this code does not own (wl_buffer) and of clients.
/// Remove it (or let it deinit) before the signal's owner could fire it again.
final class Listener {
    // [wl_listener][Unmanaged<Listener>]: notify finds this object right after the listener.
    private let storage: UnsafeMutableRawPointer
    var body: (UnsafeMutableRawPointer?) -> Void
    private var linked = false
    /// A destroy signal fires once; a signal of new clients fires for each.
    private var firesOnce = true

    init(_ body: @escaping (_ data: UnsafeMutableRawPointer?) -> Void) {
        self.body = body
        storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<wl_listener>.stride + MemoryLayout<UnsafeRawPointer>.stride,
                                                   alignment: MemoryLayout<wl_listener>.alignment)
        let listener = storage.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener())
        wl_list_init(&listener.pointee.link)
        listener.pointee.notify = { listener, data in
            guard let listener else { return }
            let owner = (UnsafeMutableRawPointer(listener) + MemoryLayout<wl_listener>.stride)
                .load(as: UnsafeRawPointer.self)
            Unmanaged<Listener>.fromOpaque(owner).takeUnretainedValue().fire(data)
        }
        (storage + MemoryLayout<wl_listener>.stride).storeBytes(of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
                                                               as: UnsafeRawPointer.self)
    }

    var listener: UnsafeMutablePointer<wl_listener> { storage.assumingMemoryBound(to: wl_listener.self) }

    /// Listens for `resource`'s destruction.
    func listen(toDestroyOf resource: WaylandResource) {
        remove()
        wl_resource_add_destroy_listener(resource, listener)
        linked = true
        firesOnce = true
    }

    /// Listens for `client`'s destruction.
    func listen(toDestroyOfClient client: OpaquePointer) {
        remove()
        wl_client_add_destroy_listener(client, listener)
        linked = true
        firesOnce = true
    }

    /// Listens for new clients of `display` (the data is the wl_client).
    func listen(toClientsCreatedOn display: OpaquePointer) {
        remove()
        wl_display_add_client_created_listener(display, listener)
        linked = true
        firesOnce = false
    }

    func remove() {
        guard linked else { return }
        wl_list_remove(&listener.pointee.link)
        wl_list_init(&listener.pointee.link)
        linked = false
    }

    private func fire(_ data: UnsafeMutableRawPointer?) {
        // A destroy signal fires once; unlink so remove() later is harmless.
        if firesOnce { remove() }
        body(data)
    }

    deinit {
        remove()
        storage.deallocate()
    }
}
