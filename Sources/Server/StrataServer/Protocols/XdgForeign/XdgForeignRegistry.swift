import CStrataServerProtocol
import CWaylandServer

/// zxdg_exporter/zxdg_importer, versions 1 and 2 of xdg-foreign (GTK 3 and
/// the portals speak v1, GTK 4 v2): a client exports its window as a
/// handle string, another imports the handle and makes the window the
/// parent of its own dialog, as xdg_toplevel.set_parent would within one
/// client (a portal's file chooser over the app that asked for it).
/// Handles are random and unguessable; one ends when its exporter destroys
/// it or its window goes, and then every importer of it gets `destroyed`
/// and the dialogs it parented lose that parent.
final class XdgForeignRegistry {
    unowned let server: Server
    private var globals: [Global] = []
    private(set) var exports: [String: ExportedToplevel] = [:]
    private(set) var imports: [ImportedToplevel] = []

    init?(server: Server) {
        self.server = server
        let served: [(UnsafePointer<wl_interface>, UnsafeRawPointer)] = [
            (strata_zxdg_exporter_v1_interface()!, XdgForeignRegistry.exporterV1),
            (strata_zxdg_importer_v1_interface()!, XdgForeignRegistry.importerV1),
            (strata_zxdg_exporter_v2_interface()!, XdgForeignRegistry.exporterV2),
            (strata_zxdg_importer_v2_interface()!, XdgForeignRegistry.importerV2),
        ]
        for (interface, implementation) in served {
            guard let global = Global(display: server.display, interface: interface, version: 1,
                                      object: self, implementation: implementation) else { return nil }
            globals.append(global)
        }
    }

    static let version: Int32 = 1

    // MARK: Exports and imports

    private func export(_ version: XdgForeignVersion, from resource: WaylandResource, id: UInt32, surface surfaceResource: WaylandResource?) {
        let toplevel = Surface.from(surfaceResource)?.toplevel
        guard let toplevel, toplevel.isLive else {
            // Version 1 has no error for it: the handle is made, and never imports.
            if version == .v2 {
                strata_resource_post_error(resource, ZXDG_EXPORTER_V2_ERROR_INVALID_SURFACE.rawValue,
                                           "zxdg_exporter_v2.export_toplevel: the surface is not an xdg_toplevel")
                return
            }
            _ = ExportedToplevel(registry: self, version: version, handle: XdgForeignRegistry.newHandle(), toplevel: nil,
                                 parent: resource, id: id)
            return
        }
        let handle = XdgForeignRegistry.newHandle()
        guard let exported = ExportedToplevel(registry: self, version: version, handle: handle, toplevel: toplevel,
                                              parent: resource, id: id) else { return }
        exports[handle] = exported
    }

    private func `import`(_ version: XdgForeignVersion, from resource: WaylandResource, id: UInt32, handle: UnsafePointer<CChar>?) {
        let handle = handle.map { String(cString: $0) } ?? ""
        guard let imported = ImportedToplevel(registry: self, version: version, export: exports[handle], parent: resource, id: id)
        else { return }
        if imported.export == nil {
            // An unknown or revoked handle: destroyed at once, as the protocol says.
            imported.sendDestroyed()
        } else {
            imports.append(imported)
        }
    }

    /// The exporter destroyed its handle, or its window went: importers hear of it.
    func revoke(_ exported: ExportedToplevel) {
        guard exports[exported.handle] === exported else { return }
        exports[exported.handle] = nil
        for imported in imports where imported.export === exported { imported.exportEnded() }
        imports.removeAll { $0.export == nil }
    }

    func remove(_ imported: ImportedToplevel) { imports.removeAll { $0 === imported } }

    /// 128 random bits as hex: a handle another client cannot guess.
    private static func newHandle() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    // MARK: Requests

    private static let exporterV1: UnsafeRawPointer = {
        var i = zxdg_exporter_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.export = { _, resource, id, surface in
            guard let resource else { return }
            resourceObject(resource, as: XdgForeignRegistry.self)?.export(.v1, from: resource, id: id, surface: surface)
        }
        return staticImplementation(i)
    }()

    private static let exporterV2: UnsafeRawPointer = {
        var i = zxdg_exporter_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.export_toplevel = { _, resource, id, surface in
            guard let resource else { return }
            resourceObject(resource, as: XdgForeignRegistry.self)?.export(.v2, from: resource, id: id, surface: surface)
        }
        return staticImplementation(i)
    }()

    private static let importerV1: UnsafeRawPointer = {
        var i = zxdg_importer_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.import = { _, resource, id, handle in
            guard let resource else { return }
            resourceObject(resource, as: XdgForeignRegistry.self)?.import(.v1, from: resource, id: id, handle: handle)
        }
        return staticImplementation(i)
    }()

    private static let importerV2: UnsafeRawPointer = {
        var i = zxdg_importer_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.import_toplevel = { _, resource, id, handle in
            guard let resource else { return }
            resourceObject(resource, as: XdgForeignRegistry.self)?.import(.v2, from: resource, id: id, handle: handle)
        }
        return staticImplementation(i)
    }()
}

/// Which of xdg-foreign's two versions an object speaks.
enum XdgForeignVersion { case v1, v2 }

extension XdgForeignRegistry: ServerExtension {
    /// A window that went ends its handles.
    func toplevelChanged(_ toplevel: Toplevel) {
        guard !toplevel.isLive else { return }
        for exported in exports.values where exported.toplevel === toplevel { revoke(exported) }
    }

    func census() -> [String: Int] { ["xdgForeign.exports": exports.count, "xdgForeign.imports": imports.count] }
}
