import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_primary_selection_device_manager_v1 on the real socket: text selected
/// in one client is pasted (middle click) in another through a real pipe,
/// offered on focus, only the focused client may set it, a replaced source
/// is cancelled, and it is independent of the clipboard.
final class PrimarySelectionProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    /// A client with a window, a seat and a primary selection device, that
    /// writes down the offers it gets and answers pastes with `selected`.
    final class SelectingClient {
        let client: RawClient
        let recorder: SeatRecorder
        private(set) var window: RawWindow!
        let manager: OpaquePointer
        let device: OpaquePointer
        var selected = ""
        /// MIME types of each offer, by offer proxy.
        private(set) var offers: [OpaquePointer: [String]] = [:]
        /// Every selection event: nil offer for selection(NULL).
        private(set) var selections: [OpaquePointer?] = []
        private(set) var cancelledSources = 0
        private let deviceListener = UnsafeMutablePointer<zwp_primary_selection_device_v1_listener>.allocate(capacity: 1)
        private let offerListener = UnsafeMutablePointer<zwp_primary_selection_offer_v1_listener>.allocate(capacity: 1)
        private let sourceListener = UnsafeMutablePointer<zwp_primary_selection_source_v1_listener>.allocate(capacity: 1)

        init(_ strata: StrataProcess, title: String) throws {
            client = try RawClient(strata)
            recorder = try SeatRecorder(client)
            manager = try client.bind(strata_zwp_primary_selection_device_manager_v1_interface(), version: 1)
            device = zwp_primary_selection_device_manager_v1_get_device(manager, recorder.seat)!
            deviceListener.initialize(to: zwp_primary_selection_device_v1_listener(
                data_offer: { data, _, offer in
                    let me = selecting(data)
                    me.offers[offer!] = []
                    zwp_primary_selection_offer_v1_add_listener(offer, me.offerListener, data)
                },
                selection: { data, _, offer in selecting(data).selections.append(offer) }))
            offerListener.initialize(to: zwp_primary_selection_offer_v1_listener(
                offer: { data, offer, mime in selecting(data).offers[offer!, default: []].append(String(cString: mime!)) }))
            sourceListener.initialize(to: zwp_primary_selection_source_v1_listener(
                send: { data, _, _, fd in
                    _ = selecting(data).selected.withCString { write(fd, $0, strlen($0)) }
                    close(fd)
                },
                cancelled: { data, source in
                    selecting(data).cancelledSources += 1
                    zwp_primary_selection_source_v1_destroy(source)
                }))
            zwp_primary_selection_device_v1_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
            window = try RawWindow(client, title: title, width: 100, height: 100)
            client.roundtrip()
        }

        deinit {
            deviceListener.deallocate()
            offerListener.deallocate()
            sourceListener.deallocate()
        }

        /// Selects `text`: a new source offering it as plain text, set as the primary selection.
        @discardableResult
        func select(_ text: String) -> OpaquePointer {
            selected = text
            let source = zwp_primary_selection_device_manager_v1_create_source(manager)!
            zwp_primary_selection_source_v1_add_listener(source, sourceListener, Unmanaged.passUnretained(self).toOpaque())
            zwp_primary_selection_source_v1_offer(source, "text/plain;charset=utf-8")
            zwp_primary_selection_source_v1_offer(source, "UTF8_STRING")
            zwp_primary_selection_device_v1_set_selection(device, source, recorder.lastPointerEnterSerial)
            client.roundtrip()
            return source
        }

        /// Pastes the primary selection as plain text; `owner` writes it.
        func paste(from owner: SelectingClient) throws -> String {
            guard let offer = selections.last ?? nil else { throw StrataTestError("no primary selection on offer") }
            return try receiveThroughPipe(ask: { zwp_primary_selection_offer_v1_receive(offer, "text/plain;charset=utf-8", $0) }, pump: {
                client.roundtrip()
                owner.client.roundtrip()  // the owner writes into the pipe
            })
        }
    }

    /// Clicks the window at (dx, dy) in it, which focuses it.
    func click(_ title: String, at offset: (dx: Int, dy: Int)) throws {
        let window = try XCTUnwrap(strata.windows().first { $0["title"] as? String == title })
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        try strata.input("click", "\(try XCTUnwrap(origin["x"] as? Int) + offset.dx)", "\(try XCTUnwrap(origin["y"] as? Int) + offset.dy)")
    }

    func testSelectInOneClientPasteInAnother() throws {
        let writer = try SelectingClient(strata, title: "writer")
        let reader = try SelectingClient(strata, title: "reader")
        XCTAssertEqual(reader.selections.last, .some(nil), "focus brings selection(NULL) while nothing is selected")
        try click("writer", at: (10, 10))
        writer.select("sélection primaire")
        XCTAssertNotNil(writer.selections.last ?? nil, "the focused writer is offered its own selection too")
        reader.client.roundtrip()
        let before = reader.selections.count
        try click("reader", at: (90, 90))
        reader.client.roundtrip()
        XCTAssertEqual(reader.selections.count, before + 1, "focus brings the selection")
        let offer = try XCTUnwrap(reader.selections.last ?? nil)
        XCTAssertEqual(reader.offers[offer], ["text/plain;charset=utf-8", "UTF8_STRING"])
        XCTAssertEqual(try reader.paste(from: writer), "sélection primaire")

        // A new selection replaces the old one, whose source is cancelled.
        try click("writer", at: (10, 10))
        writer.select("second")
        XCTAssertEqual(writer.cancelledSources, 1)
        try click("reader", at: (90, 90))
        reader.client.roundtrip()
        XCTAssertEqual(try reader.paste(from: writer), "second")
    }

    func testOnlyTheFocusedClientSetsTheSelection() throws {
        let background = try SelectingClient(strata, title: "background")
        let focused = try SelectingClient(strata, title: "focused")
        focused.select("mine")
        background.select("stolen")
        XCTAssertEqual(background.cancelledSources, 1, "an unfocused client's selection is refused")
        try click("background", at: (10, 10))
        background.client.roundtrip()
        XCTAssertEqual(try background.paste(from: focused), "mine")
    }

    func testSettingNullClearsTheSelection() throws {
        let owner = try SelectingClient(strata, title: "owner")
        owner.select("text")
        zwp_primary_selection_device_v1_set_selection(owner.device, nil, 0)
        owner.client.roundtrip()
        XCTAssertEqual(owner.cancelledSources, 1, "the replaced source is cancelled")
        XCTAssertEqual(owner.selections.last, .some(nil))
    }

    func testDestroyedSourceClearsTheSelection() throws {
        let owner = try SelectingClient(strata, title: "owner")
        let source = owner.select("gone soon")
        XCTAssertNotNil(owner.selections.last ?? nil)
        zwp_primary_selection_source_v1_destroy(source)
        owner.client.roundtrip()
        XCTAssertNil(owner.selections.last ?? nil, "selection(NULL)")
    }

    func testDeviceMadeWhileFocusedLearnsTheSelection() throws {
        let owner = try SelectingClient(strata, title: "owner")
        owner.select("already selected")
        var count = 0
        var listener = zwp_primary_selection_device_v1_listener(
            data_offer: { _, _, _ in }, selection: { data, _, offer in if offer != nil { data!.storeBytes(of: 1, as: Int.self) } })
        withUnsafeMutablePointer(to: &count) { flag in
            let second = zwp_primary_selection_device_manager_v1_get_device(owner.manager, owner.recorder.seat)!
            zwp_primary_selection_device_v1_add_listener(second, &listener, flag)
            owner.client.roundtrip()
            XCTAssertEqual(flag.pointee, 1)
            zwp_primary_selection_device_v1_destroy(second)
            owner.client.roundtrip()
        }
    }

    func testIndependentOfTheClipboard() throws {
        let owner = try SelectingClient(strata, title: "owner")
        let clipboard = try owner.client.bind(strata_wl_data_device_manager_interface(), version: 3)
        let dataDevice = wl_data_device_manager_get_data_device(clipboard, owner.recorder.seat)!
        wl_data_device_set_selection(dataDevice, nil, 0)
        owner.select("primary only")
        XCTAssertTrue(owner.client.roundtrip())
        XCTAssertEqual(owner.cancelledSources, 0, "clearing the clipboard leaves the primary selection")
        let reader = try SelectingClient(strata, title: "reader")
        reader.client.roundtrip()
        XCTAssertEqual(try reader.paste(from: owner), "primary only")
    }

    func testDestroyingTheManagerKeepsItsObjects() throws {
        let owner = try SelectingClient(strata, title: "owner")
        zwp_primary_selection_device_manager_v1_destroy(owner.manager)
        XCTAssertTrue(owner.client.roundtrip())
        let reader = try SelectingClient(strata, title: "reader")
        reader.select("after the manager")
        XCTAssertTrue(owner.client.roundtrip())
        try click("owner", at: (10, 10))
        owner.client.roundtrip()
        XCTAssertEqual(try owner.paste(from: reader), "after the manager")
    }
}

private func selecting(_ data: UnsafeMutableRawPointer?) -> PrimarySelectionProtocolTests.SelectingClient {
    Unmanaged<PrimarySelectionProtocolTests.SelectingClient>.fromOpaque(data!).takeUnretainedValue()
}
