import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wl_data_device_manager on the real socket: the selection copied in one
/// client is pasted in another through a real pipe, only the focused
/// client may set it, and every error the protocol defines for what is served.
final class DataDeviceProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    /// A client with a window, a seat and a data device, that writes down
    /// the offers it gets and answers paste requests with `clipboard`.
    final class ClipboardClient {
        let client: RawClient
        let recorder: SeatRecorder
        private(set) var window: RawWindow!
        let manager: OpaquePointer
        let device: OpaquePointer
        var clipboard = ""
        /// MIME types of each offer, by offer proxy.
        private(set) var offers: [OpaquePointer: [String]] = [:]
        /// The latest selection event: nil offer for selection(NULL).
        private(set) var selections: [OpaquePointer?] = []
        private(set) var cancelledSources = 0
        private let deviceListener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        private let offerListener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
        private let sourceListener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)

        init(_ strata: StrataProcess, title: String) throws {
            client = try RawClient(strata)
            recorder = try SeatRecorder(client)
            manager = try client.bind(strata_wl_data_device_manager_interface(), version: 3)
            device = wl_data_device_manager_get_data_device(manager, recorder.seat)!
            deviceListener.initialize(to: wl_data_device_listener(
                data_offer: { data, _, offer in
                    let me = this(data)
                    me.offers[offer!] = []
                    wl_data_offer_add_listener(offer, me.offerListener, data)
                },
                enter: { _, _, _, _, _, _, _ in }, leave: { _, _ in }, motion: { _, _, _, _, _ in }, drop: { _, _ in },
                selection: { data, _, offer in this(data).selections.append(offer) }))
            offerListener.initialize(to: wl_data_offer_listener(
                offer: { data, offer, mime in this(data).offers[offer!, default: []].append(String(cString: mime!)) },
                source_actions: { _, _, _ in }, action: { _, _, _ in }))
            sourceListener.initialize(to: wl_data_source_listener(
                target: { _, _, _ in },
                send: { data, _, _, fd in
                    let text = this(data).clipboard
                    _ = text.withCString { write(fd, $0, strlen($0)) }
                    close(fd)
                },
                cancelled: { data, source in
                    this(data).cancelledSources += 1
                    wl_data_source_destroy(source)
                },
                dnd_drop_performed: { _, _ in }, dnd_finished: { _, _ in }, action: { _, _, _ in }))
            wl_data_device_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
            window = try RawWindow(client, title: title, width: 100, height: 100)
            client.roundtrip()
        }

        deinit {
            deviceListener.deallocate()
            offerListener.deallocate()
            sourceListener.deallocate()
        }

        /// Copies `text`: a new source offering it as plain text, set as the selection.
        @discardableResult
        func copy(_ text: String) -> OpaquePointer {
            clipboard = text
            let source = wl_data_device_manager_create_data_source(manager)!
            wl_data_source_add_listener(source, sourceListener, Unmanaged.passUnretained(self).toOpaque())
            wl_data_source_offer(source, "text/plain;charset=utf-8")
            wl_data_source_offer(source, "UTF8_STRING")
            wl_data_device_set_selection(device, source, recorder.lastPointerEnterSerial)
            client.roundtrip()
            return source
        }

        /// Pastes the current selection as plain text; `owner` writes it.
        func paste(from owner: ClipboardClient) throws -> String {
            guard let offer = selections.last ?? nil else { throw StrataTestError("no selection on offer") }
            return try receiveThroughPipe(ask: { wl_data_offer_receive(offer, "text/plain;charset=utf-8", $0) }, pump: {
                client.roundtrip()
                owner.client.roundtrip()  // the owner writes into the pipe
            })
        }
    }

    func origin(of title: String) throws -> (Int, Int) {
        let window = try XCTUnwrap(strata.windows().first { $0["title"] as? String == title })
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        return (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
    }

    /// Clicks the window at (dx, dy) in it: a corner that no other window covers (windows may overlap).
    func click(_ title: String, at offset: (dx: Int, dy: Int)) throws {
        let (x, y) = try origin(of: title)
        try strata.input("click", "\(x + offset.dx)", "\(y + offset.dy)")
    }

    func testCopyInOneClientPasteInAnother() throws {
        let writer = try ClipboardClient(strata, title: "writer")
        let reader = try ClipboardClient(strata, title: "reader")
        try click("writer", at: (10, 10))
        writer.copy("héllo from strata")
        XCTAssertNotNil(writer.selections.last ?? nil, "the focused writer is offered its own selection too")
        reader.client.roundtrip()
        let before = reader.selections.count
        try click("reader", at: (90, 90))
        reader.client.roundtrip()
        XCTAssertEqual(reader.selections.count, before + 1, "focus brings the selection")
        let offer = try XCTUnwrap(reader.selections.last ?? nil)
        XCTAssertEqual(reader.offers[offer], ["text/plain;charset=utf-8", "UTF8_STRING"])
        XCTAssertEqual(try reader.paste(from: writer), "héllo from strata")

        // A new selection replaces the old one, whose source is cancelled.
        try click("writer", at: (10, 10))
        writer.copy("second")
        XCTAssertEqual(writer.cancelledSources, 1)
        try click("reader", at: (90, 90))
        reader.client.roundtrip()
        XCTAssertEqual(try reader.paste(from: writer), "second")
    }

    func testOnlyTheFocusedClientSetsTheSelection() throws {
        let background = try ClipboardClient(strata, title: "background")
        let focused = try ClipboardClient(strata, title: "focused")
        focused.copy("mine")
        background.copy("stolen")
        XCTAssertEqual(background.cancelledSources, 1, "an unfocused client's selection is refused")
        try click("background", at: (10, 10))
        background.client.roundtrip()
        XCTAssertEqual(try background.paste(from: focused), "mine")
    }

    func testDestroyedSourceClearsTheSelection() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        let source = owner.copy("gone soon")
        XCTAssertNotNil(owner.selections.last ?? nil)
        wl_data_source_destroy(source)
        owner.client.roundtrip()
        XCTAssertEqual(owner.selections.count, 3)
        XCTAssertNil(owner.selections.last ?? nil, "selection(NULL)")
    }

    func testDragIsCancelledAsDragAndDropIsNotServed() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        let source = wl_data_device_manager_create_data_source(owner.manager)!
        var listener = wl_data_source_listener(target: { _, _, _ in }, send: { _, _, _, fd in close(fd) },
                                               cancelled: { data, _ in data!.storeBytes(of: 1, as: Int.self) },
                                               dnd_drop_performed: { _, _ in }, dnd_finished: { _, _ in }, action: { _, _, _ in })
        var cancelled = 0
        withUnsafeMutablePointer(to: &cancelled) { flag in
            wl_data_source_add_listener(source, &listener, flag)
            wl_data_device_start_drag(owner.device, source, owner.window.surface, nil, 1)
            XCTAssertTrue(owner.client.roundtrip())
            XCTAssertEqual(flag.pointee, 1, "the source is told the drag is over")
        }
    }

    func testInvalidActionMaskIsAnError() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        let source = wl_data_device_manager_create_data_source(owner.manager)!
        wl_data_source_set_actions(source, 8)
        try assertProtocolError(owner.client, interface: "wl_data_source", code: WL_DATA_SOURCE_ERROR_INVALID_ACTION_MASK.rawValue)
    }

    func testSetActionsOnASelectionSourceIsInvalidSource() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        let source = owner.copy("text")
        wl_data_source_set_actions(source, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
        try assertProtocolError(owner.client, interface: "wl_data_source", code: WL_DATA_SOURCE_ERROR_INVALID_SOURCE.rawValue)
    }

    func testFinishOnASelectionOfferIsInvalidFinish() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        owner.copy("text")
        let offer = try XCTUnwrap(owner.selections.last ?? nil)
        wl_data_offer_finish(offer)
        try assertProtocolError(owner.client, interface: "wl_data_offer", code: WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue)
    }

    func testDragIconWithARoleIsARoleError() throws {
        let owner = try ClipboardClient(strata, title: "owner")
        let source = wl_data_device_manager_create_data_source(owner.manager)!
        wl_data_device_start_drag(owner.device, source, owner.window.surface, owner.window.surface, 1)
        try assertProtocolError(owner.client, interface: "wl_data_device", code: WL_DATA_DEVICE_ERROR_ROLE.rawValue)
    }
}

private func this(_ data: UnsafeMutableRawPointer?) -> DataDeviceProtocolTests.ClipboardClient {
    Unmanaged<DataDeviceProtocolTests.ClipboardClient>.fromOpaque(data!).takeUnretainedValue()
}
