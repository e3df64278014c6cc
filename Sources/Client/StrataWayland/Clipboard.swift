import CStrataClientProtocol
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The client side of wl_data_device_manager's selection: the clipboard.
///
/// Copying makes a wl_data_source offering the text as the usual text MIME
/// types and sets it as the selection with the serial of the latest
/// keyboard enter (the compositor lets only the focused client set it).
/// The compositor offers the selection of any client as a wl_data_offer
/// when this client has the keyboard; pasting asks the offer to write the
/// text into a pipe (Clipboard+Reading.swift). While this client's own
/// source is the selection, reads take its text directly, so copying and
/// pasting in one process never waits on itself.
public final class Clipboard {
    /// What a copy offers, and what a paste accepts, in order of preference.
    public static let textMimeTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]

    let display: WaylandDisplay
    private let seat: WaylandSeat
    private var manager: OpaquePointer?
    private var device: OpaquePointer?

    /// MIME types of offers announced (data_offer) and not yet destroyed.
    private var offerMimeTypes: [OpaquePointer: [String]] = [:]
    /// The selection on offer to this client; nil when there is none.
    private(set) var selectionOffer: OpaquePointer?

    /// This client's source while it is the selection, and its text.
    private var source: OpaquePointer?
    public private(set) var ownText: String?

    /// Called when the selection changed (another client copied, or the copy was cancelled).
    public var onChange: (() -> Void)?

    init?(manager: OpaquePointer, seat: WaylandSeat, display: WaylandDisplay) {
        guard let seatProxy = seat.proxy, let device = wl_data_device_manager_get_data_device(manager, seatProxy) else {
            wl_data_device_manager_destroy(manager)
            return nil
        }
        self.manager = manager
        self.seat = seat
        self.display = display
        self.device = device
        wl_data_device_add_listener(device, dataDeviceListener, me)
    }

    deinit { destroy() }

    public func destroy() {
        guard display.isConnected else { (manager, device, source, selectionOffer) = (nil, nil, nil, nil); return }
        if let source { wl_data_source_destroy(source) }
        for offer in offerMimeTypes.keys { wl_data_offer_destroy(offer) }
        offerMimeTypes = [:]
        if let device { wl_proxy_get_version(device) >= 2 ? wl_data_device_release(device) : wl_data_device_destroy(device) }
        if let manager { wl_data_device_manager_destroy(manager) }
        (manager, device, source, selectionOffer, ownText) = (nil, nil, nil, nil, nil)
    }

    fileprivate var me: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Whether this client's copy is the selection.
    public var ownsSelection: Bool { source != nil }

    /// Whether there is text to paste: this client's copy, or an offer of a text type.
    public var hasText: Bool {
        if ownsSelection { return ownText != nil }
        return offeredTextMimeType != nil
    }

    /// The preferred text type the selection offer has.
    var offeredTextMimeType: String? {
        guard let offer = selectionOffer, let types = offerMimeTypes[offer] else { return nil }
        return Clipboard.textMimeTypes.first(where: types.contains)
    }

    // MARK: Copying

    /// Makes `text` the selection (nil: clears it). The compositor refuses
    /// (cancels the source) unless this client has the keyboard focus.
    public func setText(_ text: String?) {
        guard let manager, let device else { return }
        // The replaced source goes after the new selection is set, so the
        // compositor never offers an empty selection in between.
        let old = source
        defer {
            if let old { wl_data_source_destroy(old) }
            _ = try? display.flush()
        }
        source = nil
        ownText = text
        guard let text else {
            wl_data_device_set_selection(device, nil, seat.keyboardEnterSerial)
            return
        }
        guard let made = wl_data_device_manager_create_data_source(manager) else { return }
        wl_data_source_add_listener(made, dataSourceListener, me)
        for type in Clipboard.textMimeTypes { wl_data_source_offer(made, type) }
        source = made
        ownText = text
        wl_data_device_set_selection(device, made, seat.keyboardEnterSerial)
    }

    /// A paste asks for the text (Clipboard+Writing.swift writes it).
    fileprivate func send(from proxy: OpaquePointer?, mimeType: String, fd: Int32) {
        guard proxy == source, let text = ownText, Clipboard.textMimeTypes.contains(mimeType) else {
            close(fd)
            return
        }
        Clipboard.writeInBackground(Array(text.utf8), to: fd)
    }

    /// Another copy replaced this one (or the compositor refused it).
    fileprivate func cancelled(_ proxy: OpaquePointer?) {
        // Sources this client replaced were destroyed already (their events are dropped).
        guard let proxy, proxy == source else { return }
        wl_data_source_destroy(proxy)
        source = nil
        ownText = nil
        onChange?()
    }

    // MARK: Offers

    fileprivate func offerAnnounced(_ offer: OpaquePointer?) {
        guard let offer else { return }
        offerMimeTypes[offer] = []
        wl_data_offer_add_listener(offer, dataOfferListener, me)
    }

    fileprivate func offer(_ offer: OpaquePointer?, has mimeType: String) {
        guard let offer else { return }
        offerMimeTypes[offer, default: []].append(mimeType)
    }

    fileprivate func selectionChanged(to offer: OpaquePointer?) {
        if let old = selectionOffer, old != offer { destroyOffer(old) }
        selectionOffer = offer
        onChange?()
    }

    /// Drag and drop is not supported: an offer entering with a drag is dropped at once.
    fileprivate func dragEntered(with offer: OpaquePointer?) {
        if let offer { destroyOffer(offer) }
    }

    private func destroyOffer(_ offer: OpaquePointer) {
        guard offerMimeTypes.removeValue(forKey: offer) != nil else { return }
        wl_data_offer_destroy(offer)
    }
}

extension Connection {
    /// Binds wl_data_device_manager (up to version 3) and makes the data
    /// device of `seat`; nil when the compositor offers no clipboard.
    public func bindClipboard(seat: WaylandSeat) -> Clipboard? {
        guard let global = globals.first(where: { $0.interface == "wl_data_device_manager" }),
              let manager = bindGlobal(global, strata_client_wl_data_device_manager_interface(), upTo: 3) else { return nil }
        return Clipboard(manager: manager, seat: seat, display: display)
    }
}

private func clipboard(_ data: UnsafeMutableRawPointer?) -> Clipboard {
    Unmanaged<Clipboard>.fromOpaque(data!).takeUnretainedValue()
}

private let dataDeviceListener: UnsafeMutablePointer<wl_data_device_listener> = {
    let listener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_data_device_listener(
        data_offer: { data, _, offer in clipboard(data).offerAnnounced(offer) },
        enter: { data, _, _, _, _, _, offer in clipboard(data).dragEntered(with: offer) },
        leave: { _, _ in },
        motion: { _, _, _, _, _ in },
        drop: { _, _ in },
        selection: { data, _, offer in clipboard(data).selectionChanged(to: offer) }))
    return listener
}()

private let dataOfferListener: UnsafeMutablePointer<wl_data_offer_listener> = {
    let listener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_data_offer_listener(
        offer: { data, offer, mimeType in
            guard let mimeType else { return }
            clipboard(data).offer(offer, has: String(cString: mimeType))
        },
        source_actions: { _, _, _ in },
        action: { _, _, _ in }))
    return listener
}()

private let dataSourceListener: UnsafeMutablePointer<wl_data_source_listener> = {
    let listener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_data_source_listener(
        target: { _, _, _ in },
        send: { data, source, mimeType, fd in
            clipboard(data).send(from: source, mimeType: mimeType.map { String(cString: $0) } ?? "", fd: fd)
        },
        cancelled: { data, source in clipboard(data).cancelled(source) },
        dnd_drop_performed: { _, _ in },
        dnd_finished: { _, _ in },
        action: { _, _, _ in }))
    return listener
}()
