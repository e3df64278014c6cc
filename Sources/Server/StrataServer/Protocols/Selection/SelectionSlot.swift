/// A client's object that is told what is selected: wl_data_device for the
/// clipboard, zwp_primary_selection_device_v1 for the middle-click selection.
protocol SelectionDevice: AnyObject {
    var client: OpaquePointer? { get }
    /// Sends an offer of `source` (or none) to this device's client.
    func sendSelection(_ source: (any SelectionSource)?)
}

/// What a client selects, of any of the protocols that set selections
/// (a clipboard manager's data control source becomes the clipboard that
/// wl_data_device clients paste from): its MIME types, the data asked of
/// it, and being told when something else replaces it.
protocol SelectionSource: AnyObject {
    var mimeTypes: [String] { get }
    /// Its client still holds it; a destroyed source offers nothing.
    var isLive: Bool { get }
    /// Asks the client to write the data as `mimeType` into `fd`.
    func send(mimeType: String, fd: Int32)
    func cancel()
}

/// One selection and the rule both kinds follow: only the client with the
/// keyboard focus may set it (as weston does), so a background client cannot
/// replace what the user chose; the focused client is offered it whenever the
/// focus moves or the selection changes.
final class SelectionSlot<Device: SelectionDevice> {
    typealias Source = any SelectionSource
    private unowned let server: Server
    private var devices: [Device] = []
    /// What was selected last; nil when nothing is, or its client destroyed it.
    private(set) weak var selection: Source?
    let kind: SelectionKind

    init(server: Server, kind: SelectionKind) {
        self.server = server
        self.kind = kind
    }

    /// The client with the keys: a window's, or a layer surface's (a launcher pasting).
    private var focusedClient: OpaquePointer? { server.seat.keyboardTarget?.client }

    func addDevice(_ device: Device?) {
        guard let device else { return }
        devices.append(device)
        // A device made while its client has the keyboard learns the selection at once.
        if device.client == focusedClient { device.sendSelection(selection) }
    }

    func removeDevice(_ device: Device) { devices.removeAll { $0 === device } }

    /// The devices `client` made (a drag's enter, motion and drop go to each).
    func devices(of client: OpaquePointer?) -> [Device] { devices.filter { $0.client == client } }

    /// set_selection from `client`: a source of another client than the
    /// focused one is cancelled at once, and so is the one it replaces.
    func setSelection(_ source: Source?, from client: OpaquePointer?) {
        guard client == focusedClient else {
            source?.cancel()
            return
        }
        replaceSelection(with: source)
    }

    /// Makes `source` the selection whoever has the focus: a clipboard
    /// manager's (data control), which is privileged. The one it replaces
    /// is cancelled.
    func replaceSelection(with source: Source?) {
        if let old = selection, old !== source { old.cancel() }
        selection = source
        offerSelectionToFocusedClient()
        server.selectionChanged(kind)
    }

    /// The selection's source was destroyed: nothing is selected any more.
    func sourceDestroyed(_ source: Source) {
        guard selection === source else { return }
        selection = nil
        offerSelectionToFocusedClient()
        server.selectionChanged(kind)
    }

    /// The keyboard focus moved (Seat+Focus): its client is offered the selection.
    func offerSelectionToFocusedClient() {
        guard let client = focusedClient else { return }
        for device in devices where device.client == client { device.sendSelection(selection) }
    }
}
