import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// xdg-foreign v1 and v2 on the real socket: one client exports its
/// window, another imports the handle and makes it the parent of its own
/// dialog, "with the same stacking and positioning semantics as
/// xdg_toplevel.set_parent"; the relationship ends when the exporter
/// revokes the handle or its window goes (`destroyed`), an unknown handle is
/// `destroyed` at once, and v2's `invalid_surface` errors.
final class XdgForeignProtocolTests: CompositorTestCase {
    /// A zxdg_exported_v2's handle, once sent.
    final class RawExported {
        let exported: OpaquePointer
        private(set) var handle: String?
        private let listener = UnsafeMutablePointer<zxdg_exported_v2_listener>.allocate(capacity: 1)

        init(exporter: OpaquePointer, surface: OpaquePointer) {
            exported = zxdg_exporter_v2_export_toplevel(exporter, surface)!
            listener.initialize(to: zxdg_exported_v2_listener(handle: { data, _, handle in
                Unmanaged<RawExported>.fromOpaque(data!).takeUnretainedValue().handle = handle.map { String(cString: $0) }
            }))
            zxdg_exported_v2_add_listener(exported, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }
    }

    /// A zxdg_imported_v2: whether `destroyed` came.
    final class RawImported {
        let imported: OpaquePointer
        private(set) var destroyed = false
        private let listener = UnsafeMutablePointer<zxdg_imported_v2_listener>.allocate(capacity: 1)

        init(importer: OpaquePointer, handle: String) {
            imported = zxdg_importer_v2_import_toplevel(importer, handle)!
            listener.initialize(to: zxdg_imported_v2_listener(destroyed: { data, _ in
                Unmanaged<RawImported>.fromOpaque(data!).takeUnretainedValue().destroyed = true
            }))
            zxdg_imported_v2_add_listener(imported, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }
    }

    func parent(of title: String) throws -> String? {
        try XCTUnwrap(strata.windows().first { $0["title"] as? String == title })["parent"] as? String
    }

    /// An app's window exported, and a portal's dialog made its child through the handle.
    func exportAndImport() throws -> (app: RawClient, window: ManagedWindow, exported: RawExported,
                                      portal: RawClient, dialog: ManagedWindow, imported: RawImported) {
        let app = try RawClient(strata)
        let window = try ManagedWindow(app, title: "App", width: 80, height: 60)
        let exported = RawExported(exporter: try app.bind(strata_zxdg_exporter_v2_interface(), version: 1), surface: window.surface)
        app.roundtrip()
        let handle = try XCTUnwrap(exported.handle)

        let portal = try RawClient(strata)
        let dialog = try ManagedWindow(portal, title: "Open File", width: 40, height: 30)
        let imported = RawImported(importer: try portal.bind(strata_zxdg_importer_v2_interface(), version: 1), handle: handle)
        zxdg_imported_v2_set_parent_of(imported.imported, dialog.surface)
        XCTAssertTrue(portal.roundtrip())
        return (app, window, exported, portal, dialog, imported)
    }

    func testAnImportedWindowBecomesTheParentOfAnotherClientsDialog() throws {
        let scene = try exportAndImport()
        XCTAssertEqual(scene.exported.handle?.count, 32, "128 random bits")
        XCTAssertFalse(scene.imported.destroyed)
        XCTAssertEqual(try parent(of: "Open File"), "App")

        // Revoked by the exporter: the importer hears it and the dialog has no parent.
        zxdg_exported_v2_destroy(scene.exported.exported)
        scene.app.roundtrip()
        scene.portal.roundtrip()
        XCTAssertTrue(scene.imported.destroyed)
        XCTAssertNil(try parent(of: "Open File"))
        withExtendedLifetime((scene.window, scene.dialog)) {}
    }

    func testTheHandleEndsWithItsWindow() throws {
        let scene = try exportAndImport()
        xdg_toplevel_destroy(scene.window.toplevel)
        scene.app.roundtrip()
        scene.portal.roundtrip()
        XCTAssertTrue(scene.imported.destroyed)
        XCTAssertNil(try parent(of: "Open File"))
        withExtendedLifetime((scene.window, scene.dialog, scene.exported)) {}
    }

    func testDestroyingTheImportEndsTheRelationship() throws {
        let scene = try exportAndImport()
        zxdg_imported_v2_destroy(scene.imported.imported)
        XCTAssertTrue(scene.portal.roundtrip())
        XCTAssertNil(try parent(of: "Open File"))
        XCTAssertTrue(scene.app.roundtrip(), "the export lives on")
        withExtendedLifetime((scene.window, scene.dialog, scene.exported)) {}
    }

    func testAnUnknownHandleIsDestroyedAtOnce() throws {
        let client = try RawClient(strata)
        let imported = RawImported(importer: try client.bind(strata_zxdg_importer_v2_interface(), version: 1),
                                   handle: "0123456789abcdef0123456789abcdef")
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(imported.destroyed)
    }

    func testExportingASurfaceThatIsNoToplevelIsInvalidSurface() throws {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let bare = wl_compositor_create_surface(compositor)!
        let exported = RawExported(exporter: try client.bind(strata_zxdg_exporter_v2_interface(), version: 1), surface: bare)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.protocolError?.interface, "zxdg_exporter_v2")
        XCTAssertEqual(client.protocolError?.code, ZXDG_EXPORTER_V2_ERROR_INVALID_SURFACE.rawValue)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others are still served")
        withExtendedLifetime(exported) {}
    }

    func testSetParentOfASurfaceThatIsNoToplevelIsInvalidSurface() throws {
        let scene = try exportAndImport()
        let compositor = try scene.portal.bind(strata_wl_compositor_interface(), version: 5)
        zxdg_imported_v2_set_parent_of(scene.imported.imported, wl_compositor_create_surface(compositor))
        XCTAssertFalse(scene.portal.roundtrip())
        XCTAssertEqual(scene.portal.protocolError?.interface, "zxdg_imported_v2")
        XCTAssertEqual(scene.portal.protocolError?.code, ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE.rawValue)
        XCTAssertTrue(scene.app.roundtrip())
        withExtendedLifetime((scene.window, scene.dialog, scene.exported)) {}
    }

    /// GTK 3 and the portals speak version 1: the same relationship.
    func testVersionOneWorksTheSame() throws {
        let app = try RawClient(strata)
        let window = try ManagedWindow(app, title: "App", width: 80, height: 60)
        let exported = zxdg_exporter_v1_export(try app.bind(strata_zxdg_exporter_v1_interface(), version: 1), window.surface)!
        final class Handle { var text: String? }
        let handle = Handle()
        // libwayland keeps the listener's address: it must outlive the dispatching.
        let listener = UnsafeMutablePointer<zxdg_exported_v1_listener>.allocate(capacity: 1)
        defer { listener.deallocate() }
        listener.initialize(to: zxdg_exported_v1_listener(handle: { data, _, text in
            Unmanaged<Handle>.fromOpaque(data!).takeUnretainedValue().text = text.map { String(cString: $0) }
        }))
        zxdg_exported_v1_add_listener(exported, listener, Unmanaged.passUnretained(handle).toOpaque())
        app.roundtrip()
        let portal = try RawClient(strata)
        let dialog = try ManagedWindow(portal, title: "Print", width: 40, height: 30)
        let imported = zxdg_importer_v1_import(try portal.bind(strata_zxdg_importer_v1_interface(), version: 1), try XCTUnwrap(handle.text))!
        zxdg_imported_v1_set_parent_of(imported, dialog.surface)
        XCTAssertTrue(portal.roundtrip())
        XCTAssertEqual(try parent(of: "Print"), "App")
        withExtendedLifetime((window, dialog)) {}
    }
}
