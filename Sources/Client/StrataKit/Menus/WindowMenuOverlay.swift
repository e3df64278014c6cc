import Foundation

/// A menu shown as views over the window's content, kept inside the
/// window's bounds: the root panel, and beside it the submenus opened
/// from it. It takes the window's input while shown:
/// - the pointer highlights the row under it, a click picks (or opens a
///   submenu), a click elsewhere dismisses;
/// - a tap picks, a tap elsewhere dismisses; a finger (or a pressed
///   pointer) that was already down when the menu opened picks the row
///   it is lifted over, so a long press can slide onto an item;
/// - Up and Down move the highlight, Right opens a submenu and Left
///   closes it, Return or Space picks, Escape closes.
/// The edit menu's bar lets presses elsewhere and typing through to the
/// views after dismissing itself, as UIKit's does.
final class WindowMenuOverlay: MenuInputGrab {
    /// How far from the window's edges a menu stays.
    static let margin: CGFloat = 8
    /// The gap between a menu and the rect or point it belongs to.
    static let gap: CGFloat = 6
    static let fadeDuration: TimeInterval = 0.15

    private weak var window: UIWindow?
    private let request: MenuRequest
    private let container = UIView()
    private(set) var panels: [MenuPanelView] = []
    private(set) var isPresented = true

    /// What an uncached deferred element gave during this presentation.
    private var resolved: [ObjectIdentifier: [UIMenuElement]] = [:]
    private var requested: Set<ObjectIdentifier> = []
    private var isBuilding = false

    private var pointerLocation: CGPoint
    private var ownedPointerButtons = 0
    /// Fingers that went down on the menu, and fingers that were already down.
    private var ownedFingers: [Int32: CGPoint] = [:]
    private var earlierFingers: [Int32: CGPoint] = [:]

    init(request: MenuRequest, window: UIWindow) {
        self.request = request
        self.window = window
        pointerLocation = window.input.pointerLocation
        container.frame = window.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.backgroundColor = nil
        container.isOpaque = false
        // Input reaches the menu through the grab, never by hit testing.
        container.isUserInteractionEnabled = false
        window.addSubview(container)
        openPanel(for: request.menu, from: nil)
    }

    private var isBar: Bool { request.style == .bar }

    // MARK: Panels

    private func makePanel(for menu: UIMenu) -> MenuPanelView {
        isBuilding = true
        defer { isBuilding = false }
        let content = MenuContent(menu: menu, resolve: resolve)
        return MenuPanelView(menu: menu, content: content, style: request.style)
    }

    private func openPanel(for menu: UIMenu, from row: MenuRowView?) {
        let panel = makePanel(for: menu)
        panel.parentRow = row
        panel.frame.origin = origin(for: panel.frame.size, from: row)
        container.addSubview(panel)
        panels.append(panel)
        // Fades in as UIKit's menus do; the compositor plays it.
        panel.alpha = 0
        UIView.animate(withDuration: Self.fadeDuration, delay: 0, options: [.allowUserInteraction, .curveEaseOut]) {
            panel.alpha = 1
        }
    }

    /// Where a panel of `size` goes: beside its parent row for a submenu,
    /// else by the request's anchor; then moved inside the window.
    private func origin(for size: CGSize, from row: MenuRowView?) -> CGPoint {
        let bounds = container.bounds.insetBy(dx: Self.margin, dy: Self.margin)
        var origin: CGPoint
        if let row, let parent = row.superview {
            let rowFrame = container.convert(row.frame, from: parent)
            origin = CGPoint(x: rowFrame.maxX + 2, y: rowFrame.minY)
            if origin.x + size.width > bounds.maxX { origin.x = rowFrame.minX - size.width - 2 }
            // No room on either side: below the row, indented, so the row stays in sight.
            if origin.x < bounds.minX { origin = CGPoint(x: rowFrame.minX + 24, y: rowFrame.maxY) }
        } else {
            switch (request.anchor, request.style) {
            case let (.point(point), .list):
                origin = point
                if point.x + size.width > bounds.maxX { origin.x = point.x - size.width }
                if point.y + size.height > bounds.maxY { origin.y = point.y - size.height }
            case let (.rect(rect), .list):
                origin = CGPoint(x: rect.minX, y: rect.maxY + Self.gap)
                if origin.y + size.height > bounds.maxY { origin.y = rect.minY - Self.gap - size.height }
            case let (.point(point), .bar):
                origin = CGPoint(x: point.x - size.width / 2, y: point.y - Self.gap - size.height)
                if origin.y < bounds.minY { origin.y = point.y + Self.gap }
            case let (.rect(rect), .bar):
                origin = CGPoint(x: rect.midX - size.width / 2, y: rect.minY - Self.gap - size.height)
                if origin.y < bounds.minY { origin.y = rect.maxY + Self.gap }
            }
        }
        origin.x = max(bounds.minX, min(origin.x, bounds.maxX - size.width))
        origin.y = max(bounds.minY, min(origin.y, bounds.maxY - size.height))
        return CGPoint(x: origin.x.rounded(), y: origin.y.rounded())
    }

    /// Closes the panels after `index` (the submenus opened from it).
    private func closePanels(after index: Int) {
        while panels.count > index + 1 { panels.removeLast().removeFromSuperview() }
    }

    /// Builds the panels again (deferred elements arrived, a state changed),
    /// keeping the root where it is and closing submenus.
    private func reload() {
        guard isPresented, let root = panels.first else { return }
        closePanels(after: -1)
        let panel = makePanel(for: root.menu)
        panel.frame.origin = origin(for: panel.frame.size, from: nil)
        container.addSubview(panel)
        panels = [panel]
    }

    // MARK: Deferred elements

    private func resolve(_ element: UIDeferredMenuElement) -> [UIMenuElement]? {
        let key = ObjectIdentifier(element)
        if element.isCached, let cached = element.cachedElements { return cached }
        if let elements = resolved[key] { return elements }
        guard !requested.contains(key) else { return nil }
        requested.insert(key)
        element.provider { [weak self, weak element] elements in
            if let element, element.isCached { element.cachedElements = elements }
            guard let self else { return }
            self.resolved[key] = elements
            if !self.isBuilding { self.reload() }
        }
        // A provider that answered at once needs no loading row.
        return resolved[key]
    }

    // MARK: Dismissing and picking

    func dismiss() {
        guard isPresented else { return }
        isPresented = false
        container.removeFromSuperview()
        if let window, window.input.menuGrab === self { window.input.menuGrab = nil }
        request.onDismiss()
    }

    /// Runs what the row stands for: opens a submenu beside it, or picks a
    /// leaf (turning its single-selection siblings off), dismissing first
    /// unless the leaf keeps the menu open.
    private func activate(panelIndex: Int, rowIndex: Int, highlightingSubmenu: Bool = false) {
        let panel = panels[panelIndex]
        let rowView = panel.rows[rowIndex]
        guard rowView.isEnabled else { return }
        panel.highlightedIndex = rowIndex
        switch rowView.row.kind {
        case let .submenu(menu):
            if panels.count > panelIndex + 1, panels[panelIndex + 1].parentRow === rowView {
                closePanels(after: panelIndex + 1)
            } else {
                closePanels(after: panelIndex)
                openPanel(for: menu, from: rowView)
            }
            if highlightingSubmenu, let submenu = panels.last { submenu.highlightedIndex = submenu.enabledRow(after: nil, forward: true) }
        case let .leaf(leaf):
            let parent = rowView.row.parent
            if parent.options.contains(.singleSelection) {
                for case let sibling as MenuLeafElement in parent.children { sibling.state = sibling === leaf ? .on : .off }
            }
            if leaf.attributes.contains(.keepsMenuPresented) {
                leaf.performFromMenu(sender: request.sender)
                request.onPick(leaf)
                reload()
            } else {
                dismiss()
                leaf.performFromMenu(sender: request.sender)
                request.onPick(leaf)
            }
        case .loading:
            break
        }
    }

    /// The topmost panel under a window point, and the row there.
    private func hit(_ point: CGPoint) -> (panel: Int, row: Int?)? {
        guard let window else { return nil }
        for index in panels.indices.reversed() {
            let panel = panels[index]
            let local = panel.convert(point, from: window)
            if panel.bounds.contains(local) { return (index, panel.rowIndex(at: local)) }
        }
        return nil
    }

    /// Highlights the enabled row under the point; over a submenu's row,
    /// opens the submenu; over another row, closes the submenus beyond it.
    private func hover(at point: CGPoint) {
        guard let (panelIndex, rowIndex) = hit(point) else { return }
        let panel = panels[panelIndex]
        guard let rowIndex, panel.rows[rowIndex].isEnabled else { return panel.highlightedIndex = nil }
        let rowView = panel.rows[rowIndex]
        panel.highlightedIndex = rowIndex
        let opened = panels.count > panelIndex + 1 ? panels[panelIndex + 1] : nil
        if opened?.parentRow === rowView { return }
        closePanels(after: panelIndex)
        if case let .submenu(menu) = rowView.row.kind, !isBar { openPanel(for: menu, from: rowView) }
    }

    /// A press or tap ended at the point: picks what is there.
    private func release(at point: CGPoint) {
        guard isPresented, let (panelIndex, rowIndex) = hit(point), let rowIndex else { return }
        activate(panelIndex: panelIndex, rowIndex: rowIndex)
    }

    /// A press outside every panel dismisses the menu; a list menu keeps
    /// the press, the edit bar lets it through.
    private func pressedOutside() -> Bool {
        dismiss()
        return !isBar
    }

    // MARK: Input

    func intercept(_ input: WindowInput) -> Bool {
        guard isPresented, let window else { return false }
        switch input {
        case let .pointerMotion(location, _):
            pointerLocation = location
            hover(at: location)
            return false
        case let .pointerButton(_, isPressed, _):
            if isPressed {
                if ownedPointerButtons > 0 { ownedPointerButtons += 1; return true }
                if window.input.pointerTouch != nil { return false }
                guard hit(pointerLocation) != nil else { return pressedOutside() }
                ownedPointerButtons = 1
                hover(at: pointerLocation)
                return true
            }
            if ownedPointerButtons > 0 {
                ownedPointerButtons -= 1
                if ownedPointerButtons == 0 { release(at: pointerLocation) }
                return true
            }
            // A press from before the menu opened, released over a row, picks it.
            if window.input.pointerTouch != nil { release(at: pointerLocation) }
            return false
        case let .touchDown(id, location, _):
            guard hit(location) != nil else { return pressedOutside() }
            ownedFingers[id] = location
            hover(at: location)
            return true
        case let .touchMotion(id, location, _):
            if ownedFingers[id] != nil {
                ownedFingers[id] = location
                hover(at: location)
                return true
            }
            if window.input.fingers[id] != nil {
                earlierFingers[id] = location
                hover(at: location)
            }
            return false
        case let .touchUp(id, _):
            if let location = ownedFingers.removeValue(forKey: id) {
                release(at: location)
                return true
            }
            if let location = earlierFingers.removeValue(forKey: id) { release(at: location) }
            return false
        case .scroll, .transform:
            dismiss()
            return !isBar
        case let .key(stroke, phase, _):
            return key(UIKeyboardHIDUsage(rawValue: stroke.hidUsage), phase: phase)
        case .keyboardFocus(false):
            dismiss()
            return false
        case .touchFrame, .touchCancel, .pointerLeave, .keyboardFocus:
            return false
        }
    }

    private func key(_ usage: UIKeyboardHIDUsage, phase: KeyPhase) -> Bool {
        guard phase != .up else { return false }
        if isBar {
            // Typing goes on to the text; the bar gets out of the way.
            dismiss()
            return usage == .keyboardEscape
        }
        guard let panel = panels.last else { return false }
        let panelIndex = panels.count - 1
        switch usage {
        case .keyboardDownArrow:
            panel.highlightedIndex = panel.enabledRow(after: panel.highlightedIndex, forward: true)
        case .keyboardUpArrow:
            panel.highlightedIndex = panel.enabledRow(after: panel.highlightedIndex, forward: false)
        case .keyboardRightArrow:
            if let index = panel.highlightedIndex, case .submenu = panel.rows[index].row.kind {
                activate(panelIndex: panelIndex, rowIndex: index, highlightingSubmenu: true)
            }
        case .keyboardLeftArrow:
            if panelIndex > 0 { closePanels(after: panelIndex - 1) }
        case .keyboardReturnOrEnter, .keypadEnter, .keyboardSpacebar:
            if let index = panel.highlightedIndex {
                activate(panelIndex: panelIndex, rowIndex: index, highlightingSubmenu: true)
            }
        case .keyboardEscape:
            if panelIndex > 0 { closePanels(after: panelIndex - 1) } else { dismiss() }
        default:
            break
        }
        // A list menu keeps the keyboard while it is shown.
        return true
    }
}
