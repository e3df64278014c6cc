import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Drag and drop through wl_data_device on the real socket, between two
/// clients: enter with an offer of the source's types and actions, motion,
/// the action both sides agree on, drop, the data through a real pipe,
/// finish; cancelled drags; drags without a source; touch drags; the icon
/// drawn at the pointer; and the errors wl_data_offer defines for drags.
final class DragAndDropProtocolTests: CompositorTestCase {
    static let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    static let move = WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
    static let ask = WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue

    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true, windowOrigins: [(20, 20), (300, 20)])
    }

    /// A client with a 100×100 window and a data device that writes down
    /// every drag event it gets, as its data device, offers and source see them:
    ///
    ///     enter 12 30.0 40.0 offer   motion 31.0 40.0   leave   drop
    ///     offer text/plain   source_actions 3   action 2
    ///     source.target text/plain   source.action 2   source.dnd_drop_performed   source.dnd_finished   source.cancelled
    final class DragClient {
        let client: RawClient
        let recorder: SeatRecorder
        private(set) var window: RawWindow!
        let manager: OpaquePointer
        let device: OpaquePointer
        var data = "dragged text"
        private(set) var events: [String] = []
        /// The offer of the latest enter (nil: enter without one).
        private(set) var enteredOffer: OpaquePointer?
        private let deviceListener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        private let offerListener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
        private let sourceListener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)

        init(_ strata: StrataProcess, title: String, version: UInt32 = 3) throws {
            client = try RawClient(strata)
            recorder = try SeatRecorder(client)
            manager = try client.bind(strata_wl_data_device_manager_interface(), version: version)
            device = wl_data_device_manager_get_data_device(manager, recorder.seat)!
            deviceListener.initialize(to: wl_data_device_listener(
                data_offer: { data, _, offer in wl_data_offer_add_listener(offer, this(data).offerListener, data) },
                enter: { data, _, _, surface, x, y, offer in
                    this(data).enteredOffer = offer
                    this(data).events.append("enter \(wl_proxy_get_id(surface)) \(f(x)) \(f(y))\(offer == nil ? "" : " offer")")
                },
                leave: { data, _ in this(data).events.append("leave") },
                motion: { data, _, _, x, y in this(data).events.append("motion \(f(x)) \(f(y))") },
                drop: { data, _ in this(data).events.append("drop") },
                selection: { _, _, _ in }))
            offerListener.initialize(to: wl_data_offer_listener(
                offer: { data, _, mime in this(data).events.append("offer \(String(cString: mime!))") },
                source_actions: { data, _, actions in this(data).events.append("source_actions \(actions)") },
                action: { data, _, action in this(data).events.append("action \(action)") }))
            sourceListener.initialize(to: wl_data_source_listener(
                target: { data, _, mime in this(data).events.append("source.target \(mime.map { String(cString: $0) } ?? "none")") },
                send: { data, _, mime, fd in
                    this(data).events.append("source.send \(String(cString: mime!))")
                    _ = this(data).data.withCString { write(fd, $0, strlen($0)) }
                    close(fd)
                },
                cancelled: { data, _ in this(data).events.append("source.cancelled") },
                dnd_drop_performed: { data, _ in this(data).events.append("source.dnd_drop_performed") },
                dnd_finished: { data, _ in this(data).events.append("source.dnd_finished") },
                action: { data, _, action in this(data).events.append("source.action \(action)") }))
            wl_data_device_add_listener(device, deviceListener, Unmanaged.passUnretained(self).toOpaque())
            window = try RawWindow(client, title: title, width: 100, height: 100)
            client.roundtrip()
        }

        deinit {
            deviceListener.deallocate()
            offerListener.deallocate()
            sourceListener.deallocate()
        }

        /// Events since the last call, after a roundtrip.
        func take() -> [String] {
            client.roundtrip()
            defer { events = [] }
            return events
        }

        /// A source offering plain text with `actions` (nil: set_actions never called).
        func makeSource(actions: UInt32? = DragAndDropProtocolTests.copy | DragAndDropProtocolTests.move) -> OpaquePointer {
            let source = wl_data_device_manager_create_data_source(manager)!
            wl_data_source_add_listener(source, sourceListener, Unmanaged.passUnretained(self).toOpaque())
            wl_data_source_offer(source, "text/plain")
            if let actions { wl_data_source_set_actions(source, actions) }
            return source
        }

        /// start_drag quoting the latest press or touch this client got.
        func startDrag(_ source: OpaquePointer?, icon: OpaquePointer? = nil, serial: UInt32? = nil) {
            wl_data_device_start_drag(device, source, window.surface, icon, serial ?? recorder.lastInputSerial)
            client.roundtrip()
        }

        /// Reads what the entered offer carries as `mime`; `owner` writes it.
        func receive(_ mime: String, from owner: DragClient) throws -> String {
            let offer = try XCTUnwrap(enteredOffer)
            return try receiveThroughPipe(ask: { wl_data_offer_receive(offer, mime, $0) }, pump: {
                client.roundtrip()
                owner.client.roundtrip()
            })
        }
    }

    // Window A at (20, 20), B at (300, 20), each 100×100.

    /// Presses the left button over A at (50, 50) of its window.
    func pressInA(_ a: DragClient) throws {
        try strata.input("move", "70", "70")
        try strata.input("press")
        a.client.roundtrip()
    }

    /// A drags a new source (or `source`) from its window onto B's; both
    /// have taken the events so far.
    func dragOntoB(_ a: DragClient, _ b: DragClient, source: OpaquePointer? = nil) throws {
        try pressInA(a)
        a.startDrag(source ?? a.makeSource())
        try strata.input("move", "330", "60")
        _ = a.take()
        _ = b.take()
    }

    func testADragFromOneClientDropsOnAnotherWithTheAgreedAction() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        let source = a.makeSource()
        try pressInA(a)
        a.recorder.take()
        a.startDrag(source)
        XCTAssertEqual(a.recorder.taken("pointer."), ["pointer.leave \(wl_proxy_get_id(a.window.surface))"],
                       "the origin hears no more of the press")
        XCTAssertEqual(a.take(), ["offer text/plain", "source_actions 3", "enter \(wl_proxy_get_id(a.window.surface)) 50.0 50.0 offer"],
                       "the drag begins over the origin, which is offered it as any target is")

        try strata.input("move", "330", "60")
        XCTAssertEqual(a.take(), ["leave"])
        let bSurface = wl_proxy_get_id(b.window.surface)
        XCTAssertEqual(b.take(), ["offer text/plain", "source_actions 3", "enter \(bSurface) 30.0 40.0 offer"])
        XCTAssertTrue(b.recorder.taken("pointer.").isEmpty, "no pointer enter during a drag")
        try strata.input("move", "331", "60")
        XCTAssertEqual(b.take(), ["motion 31.0 40.0"])

        // The target takes plain text and prefers moving it.
        wl_data_offer_accept(try XCTUnwrap(b.enteredOffer), 0, "text/plain")
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.copy | Self.move, Self.move)
        XCTAssertEqual(b.take(), ["action 2"])
        XCTAssertEqual(a.take(), ["source.target text/plain", "source.action 2"])

        try strata.input("release")
        XCTAssertEqual(b.take(), ["drop", "leave"])
        XCTAssertEqual(a.take(), ["source.dnd_drop_performed"])
        XCTAssertEqual(try b.receive("text/plain", from: a), "dragged text")
        XCTAssertEqual(a.take(), ["source.send text/plain"])
        wl_data_offer_finish(try XCTUnwrap(b.enteredOffer))
        XCTAssertTrue(b.client.roundtrip(), String(describing: b.client.protocolError))
        XCTAssertEqual(a.take(), ["source.dnd_finished"])
        // The pointer is the surface's again.
        XCTAssertEqual(b.recorder.taken("pointer.enter"), ["pointer.enter \(bSurface) 31 40"])
    }

    /// The wl_data_offer.action documentation lets the compositor change
    /// the action as modifiers change during the drag: Shift asks to move
    /// and Ctrl to copy (as in weston and GTK), over the target's
    /// preference, where both sides allow it; let go, the preference is back.
    func testShiftAndCtrlChooseTheActionWhereBothSidesAllowIt() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        let offer = try XCTUnwrap(b.enteredOffer)
        wl_data_offer_accept(offer, 0, "text/plain")
        wl_data_offer_set_actions(offer, Self.copy | Self.move, Self.copy)
        XCTAssertEqual(b.take(), ["action 1"])
        _ = a.take()

        try strata.input("key", "Shift_L", "--down")
        XCTAssertEqual(b.take(), ["action 2"], "Shift: move")
        XCTAssertEqual(a.take(), ["source.action 2"])
        try strata.input("key", "Shift_L", "--up")
        XCTAssertEqual(b.take(), ["action 1"], "the target's preference again")
        _ = a.take()

        wl_data_offer_set_actions(offer, Self.copy | Self.move, Self.move)
        XCTAssertEqual(b.take(), ["action 2"])
        try strata.input("key", "Control_L", "--down")
        XCTAssertEqual(b.take(), ["action 1"], "Ctrl: copy")
        // The drop is made with the action chosen last.
        try strata.input("release")
        XCTAssertEqual(b.take(), ["drop", "leave"])
        XCTAssertEqual(a.take(), ["source.action 2", "source.action 1", "source.dnd_drop_performed"])
        try strata.input("key", "Control_L", "--up")
        XCTAssertEqual(b.take(), [], "after the drop the action stands")
    }

    /// Shift held over a target that takes only copy changes nothing: no action both sides allow is forced.
    func testAModifierActionTheTargetDoesNotTakeIsNotForced() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try strata.input("key", "Shift_L", "--down")
        try dragOntoB(a, b)
        let offer = try XCTUnwrap(b.enteredOffer)
        wl_data_offer_set_actions(offer, Self.copy, Self.copy)
        XCTAssertEqual(b.take(), ["action 1"])
        try strata.input("key", "Shift_L", "--up")
        XCTAssertEqual(b.take(), [])
        _ = a
    }

    func testLeavingATargetSendsLeaveAndTheNextOneGetsANewOffer() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try pressInA(a)
        a.startDrag(a.makeSource())
        try strata.input("move", "330", "60")
        XCTAssertEqual(b.take().last, "enter \(wl_proxy_get_id(b.window.surface)) 30.0 40.0 offer")
        let first = try XCTUnwrap(b.enteredOffer)
        _ = a.take()
        try strata.input("move", "200", "300")  // the desktop
        XCTAssertEqual(b.take(), ["leave"])
        try strata.input("move", "70", "60")  // back over A
        XCTAssertEqual(a.take(), ["offer text/plain", "source_actions 3", "enter \(wl_proxy_get_id(a.window.surface)) 50.0 40.0 offer"])
        try strata.input("move", "330", "60")
        XCTAssertEqual(a.take(), ["leave"])
        XCTAssertEqual(b.take().last, "enter \(wl_proxy_get_id(b.window.surface)) 30.0 40.0 offer")
        XCTAssertNotEqual(b.enteredOffer, first, "each enter brings a new offer")
    }

    func testReleaseOverATargetThatAcceptedNothingCancelsTheSource() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.copy, Self.copy)
        XCTAssertEqual(b.take(), ["action 1"])
        try strata.input("release")
        XCTAssertEqual(b.take(), ["leave"], "no drop without an accepted type")
        XCTAssertEqual(a.take(), ["source.action 1", "source.cancelled"])
    }

    func testNoCommonActionMeansNoDrop() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b, source: a.makeSource(actions: Self.copy))
        wl_data_offer_accept(try XCTUnwrap(b.enteredOffer), 0, "text/plain")
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.move, Self.move)
        XCTAssertEqual(b.take(), [])
        try strata.input("release")
        XCTAssertEqual(b.take(), ["leave"])
        XCTAssertEqual(a.take(), ["source.target text/plain", "source.cancelled"])
    }

    func testAVersion1TargetGetsCopyAndItsDestroyedOfferFinishes() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B", version: 1)
        try pressInA(a)
        a.startDrag(a.makeSource())
        _ = a.take()
        try strata.input("move", "330", "60")
        XCTAssertEqual(b.take(), ["offer text/plain", "enter \(wl_proxy_get_id(b.window.surface)) 30.0 40.0 offer"])
        XCTAssertEqual(a.take(), ["leave", "source.action 1"], "a target before version 3 knows only copy")
        wl_data_offer_accept(try XCTUnwrap(b.enteredOffer), 0, "text/plain")
        b.client.roundtrip()
        try strata.input("release")
        XCTAssertEqual(b.take(), ["drop", "leave"])
        wl_data_offer_destroy(try XCTUnwrap(b.enteredOffer))
        b.client.roundtrip()
        XCTAssertEqual(a.take(), ["source.target text/plain", "source.dnd_drop_performed", "source.dnd_finished"])
    }

    func testAVersion3TargetThatDestroysTheDroppedOfferUnfinishedCancelsTheSource() throws {
        // As GTK 4 turns a drop down: the source must not take it for done (a move would delete its data).
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        wl_data_offer_accept(try XCTUnwrap(b.enteredOffer), 0, "text/plain")
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.move, Self.move)
        b.client.roundtrip()
        try strata.input("release")
        XCTAssertEqual(b.take(), ["action 2", "drop", "leave"])
        wl_data_offer_destroy(try XCTUnwrap(b.enteredOffer))
        b.client.roundtrip()
        XCTAssertEqual(a.take(), ["source.target text/plain", "source.action 2", "source.dnd_drop_performed", "source.cancelled"])
    }

    func testAUsedSourceStartsNoDragAndIsLeftAlone() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        let source = a.makeSource()
        try pressInA(a)
        a.startDrag(source)
        try strata.input("release")
        _ = a.take()
        try pressInA(a)
        a.startDrag(source)  // used by the drag before
        XCTAssertEqual(a.take(), [], "neither a drag nor a cancel")
        try strata.input("move", "330", "60")
        XCTAssertEqual(b.take(), [])
        try strata.input("release")
    }

    func testADragWithoutASourceStaysWithinItsClient() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try pressInA(a)
        a.startDrag(nil)
        XCTAssertEqual(a.take(), ["enter \(wl_proxy_get_id(a.window.surface)) 50.0 50.0"], "its own surface, with no offer")
        try strata.input("move", "330", "60")
        XCTAssertEqual(a.take(), ["leave"])
        XCTAssertEqual(b.take(), [], "another client never hears of it")
        try strata.input("move", "71", "60")
        XCTAssertEqual(a.take(), ["enter \(wl_proxy_get_id(a.window.surface)) 51.0 40.0"])
        try strata.input("release")
        XCTAssertEqual(a.take(), ["leave"])
    }

    func testStartDragWithoutAPressDownIsCancelled() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try strata.input("click", "70", "70")
        a.client.roundtrip()
        a.startDrag(a.makeSource())  // the press that serial names is over
        XCTAssertEqual(a.take(), ["source.cancelled"])
        try strata.input("move", "330", "60")
        XCTAssertEqual(b.take(), [])
        // A press of another client's is not this one's to drag with.
        try strata.input("press")
        b.client.roundtrip()
        a.startDrag(a.makeSource(), serial: b.recorder.lastInputSerial)
        XCTAssertEqual(a.take(), ["source.cancelled"])
        try strata.input("release")
    }

    func testATouchDragDropsWhereTheFingerLifts() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try strata.input("touch", "down", "0", "70", "70")
        a.client.roundtrip()
        a.startDrag(a.makeSource())
        _ = a.take()
        try strata.input("touch", "move", "0", "340", "80")
        XCTAssertEqual(b.take(), ["offer text/plain", "source_actions 3", "enter \(wl_proxy_get_id(b.window.surface)) 40.0 60.0 offer"])
        XCTAssertEqual(a.recorder.taken("touch.motion"), [], "the origin hears no motion of the finger")
        wl_data_offer_accept(try XCTUnwrap(b.enteredOffer), 0, "text/plain")
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.copy, Self.copy)
        _ = b.take()
        try strata.input("touch", "up", "0")
        XCTAssertEqual(b.take(), ["drop", "leave"])
        XCTAssertEqual(a.take(), ["leave", "source.target text/plain", "source.action 1", "source.dnd_drop_performed"])
    }

    func testTheIconFollowsThePointerAndGoesWithTheDrag() throws {
        let a = try DragClient(strata, title: "A"), _ = try DragClient(strata, title: "B")
        let icon = wl_compositor_create_surface(a.window.compositor)!
        let buffer = try a.client.makeBuffer(shm: a.window.shm, width: 40, height: 40, pixel: 0xFF_FF_00_00)
        wl_surface_attach(icon, buffer, 0, 0)
        wl_surface_damage_buffer(icon, 0, 0, 40, 40)
        wl_surface_commit(icon)
        try pressInA(a)
        a.startDrag(a.makeSource(), icon: icon)
        try strata.input("move", "200", "300")
        XCTAssertEqual(try strata.control("frame").status, 0)
        var shot = try strata.shot("drag-icon")
        XCTAssertEqual(shot[230, 330], .opaqueRed, "the icon's top left corner at the pointer")
        XCTAssertNotEqual(shot[250, 350], .opaqueRed)
        // wl_surface.offset moves the icon, so its hotspot is at the pointer (as weston-dnd's attach offset does).
        wl_surface_offset(icon, -20, -10)
        wl_surface_commit(icon)
        a.client.roundtrip()
        try strata.input("move", "200", "300")
        XCTAssertEqual(try strata.control("frame").status, 0)
        shot = try strata.shot("drag-icon-offset")
        XCTAssertEqual(shot[182, 292], .opaqueRed, "its top left corner 20 left of and 10 above the pointer")
        XCTAssertNotEqual(shot[225, 335], .opaqueRed)
        try strata.input("release")
        XCTAssertEqual(try strata.control("frame").status, 0)
        shot = try strata.shot("drag-icon-gone")
        XCTAssertNotEqual(shot[190, 300], .opaqueRed, "gone with the drag")
    }

    func testTheTargetsSurfaceDestroyedHearsLeave() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        xdg_toplevel_destroy(b.window.toplevel)
        xdg_surface_destroy(b.window.xdgSurface)
        wl_surface_destroy(b.window.surface)
        XCTAssertEqual(b.take(), ["leave"], "the drag left it")
        try strata.input("release")
        XCTAssertEqual(a.take().last, "source.cancelled", "nothing to drop on")
    }

    func testSourceDestroyedDuringTheDragEndsIt() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        let source = a.makeSource()
        try dragOntoB(a, b, source: source)
        wl_data_source_destroy(source)
        a.client.roundtrip()
        XCTAssertEqual(b.take(), ["leave"])
        try strata.input("move", "331", "60")
        XCTAssertEqual(b.take(), [], "the drag is over")
        try strata.input("release")
        XCTAssertEqual(b.recorder.taken("pointer.enter").count, 1, "the pointer is the surface's again")
    }

    // MARK: Errors

    func testFinishBeforeTheDropIsInvalidFinish() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        wl_data_offer_finish(try XCTUnwrap(b.enteredOffer))
        try assertProtocolError(b.client, interface: "wl_data_offer", code: WL_DATA_OFFER_ERROR_INVALID_FINISH.rawValue)
        try strata.input("release")
    }

    func testAPreferredActionOutsideTheActionsIsInvalidAction() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), Self.copy, Self.move)
        try assertProtocolError(b.client, interface: "wl_data_offer", code: WL_DATA_OFFER_ERROR_INVALID_ACTION.rawValue)
        try strata.input("release")
        XCTAssertTrue(a.client.roundtrip(), "the dragging client goes on")
    }

    func testActionsOutsideTheMaskAreInvalidActionMask() throws {
        let a = try DragClient(strata, title: "A"), b = try DragClient(strata, title: "B")
        try dragOntoB(a, b)
        wl_data_offer_set_actions(try XCTUnwrap(b.enteredOffer), 8, 0)
        try assertProtocolError(b.client, interface: "wl_data_offer", code: WL_DATA_OFFER_ERROR_INVALID_ACTION_MASK.rawValue)
        try strata.input("release")
    }

    func testSetActionsAfterStartDragIsInvalidSource() throws {
        let a = try DragClient(strata, title: "A"), _ = try DragClient(strata, title: "B")
        let source = a.makeSource()
        try pressInA(a)
        a.startDrag(source)
        wl_data_source_set_actions(source, Self.copy)
        try assertProtocolError(a.client, interface: "wl_data_source", code: WL_DATA_SOURCE_ERROR_INVALID_SOURCE.rawValue)
        try strata.input("release")
    }

    func testAnIconWithARoleIsARoleError() throws {
        let a = try DragClient(strata, title: "A")
        try pressInA(a)
        wl_data_device_start_drag(a.device, a.makeSource(), a.window.surface, a.window.surface, a.recorder.lastInputSerial)
        try assertProtocolError(a.client, interface: "wl_data_device", code: WL_DATA_DEVICE_ERROR_ROLE.rawValue)
        try strata.input("release")
    }
}

private func this(_ data: UnsafeMutableRawPointer?) -> DragAndDropProtocolTests.DragClient {
    Unmanaged<DragAndDropProtocolTests.DragClient>.fromOpaque(data!).takeUnretainedValue()
}

private func f(_ value: wl_fixed_t) -> String { String(wl_fixed_to_double(value)) }
