import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_data_control_manager_v1 on the real socket: a clipboard manager
/// with no window reads and sets the seat's clipboard and primary
/// selection, both ways with the ordinary clients' wl_data_device and
/// primary selection devices, through real pipes; and wl-clipboard works
/// against it.
final class DataControlProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    typealias ClipboardClient = DataDeviceProtocolTests.ClipboardClient
    typealias SelectingClient = PrimarySelectionProtocolTests.SelectingClient

    /// A clipboard manager: a data control device, the offers it is told
    /// of, and sources that write `text`.
    final class ControlClient {
        let client: RawClient
        let manager: OpaquePointer
        let device: OpaquePointer
        var text = ""
        /// MIME types of each offer, by offer proxy.
        private(set) var offers: [OpaquePointer: [String]] = [:]
        /// Every selection and primary_selection event: nil for NULL.
        private(set) var selections: [OpaquePointer?] = []
        private(set) var primarySelections: [OpaquePointer?] = []
        private(set) var cancelledSources = 0
        private let deviceListener = UnsafeMutablePointer<zwlr_data_control_device_v1_listener>.allocate(capacity: 1)
        private let offerListener = UnsafeMutablePointer<zwlr_data_control_offer_v1_listener>.allocate(capacity: 1)
        private let sourceListener = UnsafeMutablePointer<zwlr_data_control_source_v1_listener>.allocate(capacity: 1)

        init(_ strata: StrataProcess, version: UInt32 = 2) throws {
            client = try RawClient(strata)
            let seat = try client.bind(strata_wl_seat_interface(), version: 1)
            manager = try client.bind(strata_zwlr_data_control_manager_v1_interface(), version: version)
            device = zwlr_data_control_manager_v1_get_data_device(manager, seat)!
            deviceListener.initialize(to: zwlr_data_control_device_v1_listener(
                data_offer: { data, _, offer in
                    let me = controlling(data)
                    me.offers[offer!] = []
                    zwlr_data_control_offer_v1_add_listener(offer, me.offerListener, data)
                },
                selection: { data, _, offer in controlling(data).selections.append(offer) },
                finished: { _, _ in },
                primary_selection: { data, _, offer in controlling(data).primarySelections.append(offer) }))
            offerListener.initialize(to: zwlr_data_control_offer_v1_listener(
                offer: { data, offer, mime in controlling(data).offers[offer!, default: []].append(String(cString: mime!)) }))
            sourceListener.initialize(to: zwlr_data_control_source_v1_listener(
                send: { data, _, _, fd in
                    _ = controlling(data).text.withCString { write(fd, $0, strlen($0)) }
                    close(fd)
                },
                cancelled: { data, source in
                    controlling(data).cancelledSources += 1
                    zwlr_data_control_source_v1_destroy(source)
                }))
            zwlr_data_control_device_v1_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
        }

        deinit {
            deviceListener.deallocate()
            offerListener.deallocate()
            sourceListener.deallocate()
        }

        /// A source offering `text` as plain text, not yet set.
        func makeSource(_ text: String) -> OpaquePointer {
            self.text = text
            let source = zwlr_data_control_manager_v1_create_data_source(manager)!
            zwlr_data_control_source_v1_add_listener(source, sourceListener, Unmanaged.passUnretained(self).toOpaque())
            zwlr_data_control_source_v1_offer(source, "text/plain;charset=utf-8")
            return source
        }

        /// Sets `text` as the clipboard, or as the primary selection.
        @discardableResult
        func copy(_ text: String, primary: Bool = false) -> OpaquePointer {
            let source = makeSource(text)
            if primary {
                zwlr_data_control_device_v1_set_primary_selection(device, source)
            } else {
                zwlr_data_control_device_v1_set_selection(device, source)
            }
            client.roundtrip()
            return source
        }

        /// Reads `offer` as plain text; `pumpOwner` lets its source's client write.
        func paste(_ offer: OpaquePointer?, pumpOwner: () -> Void) throws -> String {
            guard let offer else { throw StrataTestError("nothing on offer") }
            return try receiveThroughPipe(ask: { zwlr_data_control_offer_v1_receive(offer, "text/plain;charset=utf-8", $0) }, pump: {
                client.roundtrip()
                pumpOwner()
            })
        }
    }

    func testADataControlSourceIsTheClipboardTheFocusedClientPastes() throws {
        let reader = try ClipboardClient(strata, title: "reader")
        let control = try ControlClient(strata)
        control.copy("from the clipboard manager")
        reader.client.roundtrip()
        let offer = try XCTUnwrap(reader.selections.last ?? nil, "the focused client is offered it at once")
        XCTAssertEqual(reader.offers[offer], ["text/plain;charset=utf-8"])
        let pasted = try receiveThroughPipe(ask: { wl_data_offer_receive(offer, "text/plain;charset=utf-8", $0) }, pump: {
            reader.client.roundtrip()
            control.client.roundtrip()
        })
        XCTAssertEqual(pasted, "from the clipboard manager")
        XCTAssertNotNil(control.selections.last ?? nil, "the manager's own device hears of it too")
    }

    func testAClientsCopyIsOfferedToDataControlDevices() throws {
        let control = try ControlClient(strata)
        XCTAssertEqual(control.selections, [nil], "the first selection event comes on binding: nothing yet")
        XCTAssertEqual(control.primarySelections, [nil])
        let writer = try ClipboardClient(strata, title: "writer")
        writer.copy("copied in a window")
        control.client.roundtrip()
        XCTAssertEqual(control.selections.count, 2)
        let offer = try XCTUnwrap(control.selections.last ?? nil)
        XCTAssertEqual(control.offers[offer], ["text/plain;charset=utf-8", "UTF8_STRING"])
        XCTAssertEqual(try control.paste(offer) { writer.client.roundtrip() }, "copied in a window")
        XCTAssertEqual(control.primarySelections, [nil], "the primary selection did not change")

        // The window's source goes: the devices are told nothing is selected.
        wl_data_device_set_selection(writer.device, nil, 0)
        writer.client.roundtrip()
        control.client.roundtrip()
        XCTAssertEqual(control.selections.last, .some(nil))
    }

    func testAManagerMadeLaterIsToldTheCurrentSelection() throws {
        let writer = try ClipboardClient(strata, title: "writer")
        writer.copy("already there")
        let control = try ControlClient(strata)
        let offer = try XCTUnwrap(control.selections.last ?? nil)
        XCTAssertEqual(try control.paste(offer) { writer.client.roundtrip() }, "already there")
    }

    func testPrimarySelectionBothWays() throws {
        let selecting = try SelectingClient(strata, title: "selecting")
        let control = try ControlClient(strata)
        selecting.select("selected with the mouse")
        control.client.roundtrip()
        let offer = try XCTUnwrap(control.primarySelections.last ?? nil)
        XCTAssertEqual(try control.paste(offer) { selecting.client.roundtrip() }, "selected with the mouse")
        XCTAssertEqual(control.selections, [nil], "the clipboard did not change")

        control.copy("set by the manager", primary: true)
        selecting.client.roundtrip()
        let primaryOffer = try XCTUnwrap(selecting.selections.last ?? nil)
        let pasted = try receiveThroughPipe(ask: {
            zwp_primary_selection_offer_v1_receive(primaryOffer, "text/plain;charset=utf-8", $0)
        }, pump: {
            selecting.client.roundtrip()
            control.client.roundtrip()
        })
        XCTAssertEqual(pasted, "set by the manager")
        XCTAssertEqual(selecting.cancelledSources, 1, "the window's source was replaced")
    }

    func testVersionOneHearsNoPrimarySelection() throws {
        let control = try ControlClient(strata, version: 1)
        let selecting = try SelectingClient(strata, title: "selecting")
        selecting.select("primary")
        control.client.roundtrip()
        XCTAssertEqual(control.primarySelections, [])
        XCTAssertEqual(control.selections, [nil])
    }

    func testAReplacedSourceIsCancelledAndADestroyedOneClearsTheSelection() throws {
        let reader = try ClipboardClient(strata, title: "reader")
        let control = try ControlClient(strata)
        control.copy("first")
        let second = control.copy("second")
        XCTAssertEqual(control.cancelledSources, 1)
        zwlr_data_control_source_v1_destroy(second)
        control.client.roundtrip()
        reader.client.roundtrip()
        XCTAssertEqual(reader.selections.last, .some(nil), "the focused client is told nothing is selected")
        XCTAssertEqual(control.selections.last, .some(nil))
        XCTAssertEqual(try census()["dataControlSources"], 0)
    }

    func testAUsedSourceIsAnError() throws {
        let control = try ControlClient(strata)
        let source = control.copy("once")
        zwlr_data_control_device_v1_set_primary_selection(control.device, source)
        XCTAssertFalse(control.client.roundtrip())
        XCTAssertEqual(control.client.protocolError?.interface, "zwlr_data_control_device_v1")
        XCTAssertEqual(control.client.protocolError?.code, ZWLR_DATA_CONTROL_DEVICE_V1_ERROR_USED_SOURCE.rawValue)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others are still served")
    }

    func testOfferingAfterBeingSetIsAnError() throws {
        let control = try ControlClient(strata)
        let source = control.copy("set")
        zwlr_data_control_source_v1_offer(source, "text/html")
        XCTAssertFalse(control.client.roundtrip())
        XCTAssertEqual(control.client.protocolError?.interface, "zwlr_data_control_source_v1")
        XCTAssertEqual(control.client.protocolError?.code, ZWLR_DATA_CONTROL_SOURCE_V1_ERROR_INVALID_OFFER.rawValue)
    }

    func testEverythingIsLetGoWhenTheClientLeaves() throws {
        var control: ControlClient? = try ControlClient(strata)
        control?.copy("leaving")
        XCTAssertEqual(try census()["dataControlDevices"], 1)
        control = nil
        XCTAssertTrue(waitUntil { (try? census()["dataControlDevices"]) == 0 && (try? census()["dataControlSources"]) == 0 })
    }

    /// `strata tree`'s count of data control devices and sources.
    func census() throws -> [String: Int] {
        let counts = try XCTUnwrap(strata.tree()["data_control"] as? [String: Any])
        return ["dataControlDevices": try XCTUnwrap(counts["devices"] as? Int), "dataControlSources": try XCTUnwrap(counts["sources"] as? Int)]
    }

    // MARK: wl-clipboard

    func wlClipboard(_ tool: String) throws -> String {
        guard let path = StrataProcess.which(tool) else { throw XCTSkip("\(tool) is not installed (make deps)") }
        return path
    }

    func testWlCopyWithNoWindowSetsTheClipboardAWindowPastes() throws {
        let wlCopy = try wlClipboard("wl-copy"), wlPaste = try wlClipboard("wl-paste")
        let copying = try strata.startClient(wlCopy, ["--foreground", "copied by wl-copy"])
        defer { copying.terminate(); copying.waitUntilExit() }
        let watcher = try ControlClient(strata)
        XCTAssertTrue(waitUntil(timeout: 15) {
            watcher.client.roundtrip()
            return watcher.selections.last != .some(nil)
        }, "wl-copy set the clipboard")
        XCTAssertEqual(try strata.windows().count, 0, "wl-copy made no window of its own")
        let result = try runProcess(wlPaste, ["--no-newline"], environment: strata.clientEnvironment)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "copied by wl-copy")

        // A window that gets the focus is offered it and pastes it.
        let reader = try ClipboardClient(strata, title: "reader")
        let offer = try XCTUnwrap(reader.selections.last ?? nil, "the focused window is offered wl-copy's text")
        XCTAssertEqual(try receiveThroughPipe(ask: { wl_data_offer_receive(offer, "text/plain;charset=utf-8", $0) },
                                              pump: { reader.client.roundtrip() }), "copied by wl-copy")
    }

    /// Runs `tool` in the background while `pump` serves the client that owns the data, and gives what it printed.
    func runPumping(_ tool: String, _ arguments: [String], pump: () -> Void) throws -> String {
        let output = strata.runtimeDirectory + "/\(UInt32.random(in: 0...UInt32.max)).out"
        let process = try strata.startClient(tool, arguments, outputFile: output)
        XCTAssertTrue(waitUntil(timeout: 15) {
            pump()
            return !process.isRunning
        }, "\(tool) \(arguments) finished")
        XCTAssertEqual(process.terminationStatus, 0)
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    func testWlPasteWatchSeesAWindowsCopyAndPrimarySelectionWorks() throws {
        let wlCopy = try wlClipboard("wl-copy"), wlPaste = try wlClipboard("wl-paste")
        let marks = strata.runtimeDirectory + "/watched"
        let watching = try strata.startClient(wlPaste, ["--watch", "sh", "-c", "cat >> \(marks); echo >> \(marks)"])
        defer { watching.terminate(); watching.waitUntilExit() }
        func lines() -> [String] {
            ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        XCTAssertTrue(waitUntil(timeout: 15) { (try? census()["dataControlDevices"]) == 1 }, "wl-paste binds data control")
        let writer = try ClipboardClient(strata, title: "writer")
        writer.copy("watched copy")
        XCTAssertTrue(waitUntil(timeout: 15) {
            writer.client.roundtrip()
            return lines().contains("watched copy")
        }, "wl-paste --watch ran its command with the window's copy: \(lines())")

        // --primary, both ways.
        let copying = try strata.startClient(wlCopy, ["--foreground", "--primary", "primary by wl-copy"])
        defer { copying.terminate(); copying.waitUntilExit() }
        let selecting = try SelectingClient(strata, title: "selecting")
        XCTAssertTrue(waitUntil(timeout: 15) {
            selecting.client.roundtrip()
            return (selecting.selections.last ?? nil).map { selecting.offers[$0]?.isEmpty == false } ?? false
        }, "the focused window is offered wl-copy's primary selection")
        let offer = try XCTUnwrap(selecting.selections.last ?? nil)
        XCTAssertEqual(try receiveThroughPipe(ask: { zwp_primary_selection_offer_v1_receive(offer, "text/plain;charset=utf-8", $0) },
                                              pump: { selecting.client.roundtrip() }), "primary by wl-copy")
        selecting.select("primary by a window")
        XCTAssertEqual(try runPumping(wlPaste, ["--primary", "--no-newline"]) { selecting.client.roundtrip() }, "primary by a window")
        XCTAssertTrue(waitUntil(timeout: 15) { !copying.isRunning }, "wl-copy's source was cancelled, so it left")
    }
}

private func controlling(_ data: UnsafeMutableRawPointer?) -> DataControlProtocolTests.ControlClient {
    Unmanaged<DataControlProtocolTests.ControlClient>.fromOpaque(data!).takeUnretainedValue()
}
