/// What an X client owns as CLIPBOARD or PRIMARY, offered to Wayland
/// clients as the seat's selection: its targets as MIME types, its data
/// converted through the window manager when a Wayland client pastes.
final class XSelectionSource: SelectionSource {
    private weak var bridge: XSelectionBridge?
    let mimeTypes: [String]

    init(bridge: XSelectionBridge, mimeTypes: [String]) {
        self.bridge = bridge
        self.mimeTypes = mimeTypes
    }

    var isLive: Bool { bridge != nil }

    func send(mimeType: String, fd: Int32) {
        bridge?.convertForWayland(mimeType: mimeType, fd: fd)
    }

    /// A Wayland client's selection replaced it; X hears of that when the bridge takes the selection.
    func cancel() {}
}
