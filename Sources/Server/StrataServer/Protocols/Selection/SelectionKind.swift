/// The seat's two selections: the clipboard (wl_data_device) and the
/// middle-click selection (zwp_primary_selection_device_v1). Data control
/// and X11's CLIPBOARD and PRIMARY reach the same two.
enum SelectionKind {
    case clipboard, primary
}

extension Server {
    /// What is selected now, whoever set it.
    func selection(_ kind: SelectionKind) -> (any SelectionSource)? {
        switch kind {
        case .clipboard: return dataDeviceManager?.slot.selection
        case .primary: return self.extension(PrimarySelectionManagerGlobal.self)?.slot.selection
        }
    }

    /// Makes `source` the selection whoever has the keyboard (a clipboard
    /// manager's, or an X client's through Xwayland); the one before is cancelled.
    func replaceSelection(_ kind: SelectionKind, with source: (any SelectionSource)?) {
        switch kind {
        case .clipboard: dataDeviceManager?.slot.replaceSelection(with: source)
        case .primary: self.extension(PrimarySelectionManagerGlobal.self)?.slot.replaceSelection(with: source)
        }
    }

    /// `source`, made outside the selection protocols, went: if it was selected, nothing is.
    func selectionSourceGone(_ kind: SelectionKind, _ source: any SelectionSource) {
        switch kind {
        case .clipboard: dataDeviceManager?.slot.sourceDestroyed(source)
        case .primary: self.extension(PrimarySelectionManagerGlobal.self)?.slot.sourceDestroyed(source)
        }
    }
}
