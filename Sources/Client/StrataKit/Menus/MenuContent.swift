import Foundation

/// One line of a shown menu.
struct MenuRow {
    enum Kind {
        /// An action or command, picked by a click or tap.
        case leaf(MenuLeafElement)
        /// A submenu, opened beside the row.
        case submenu(UIMenu)
        /// A deferred element whose provider has not answered yet.
        case loading
    }

    let kind: Kind
    /// The menu that lists the element (an inline section's own menu), for
    /// `.singleSelection`.
    let parent: UIMenu

    var element: UIMenuElement? {
        switch kind {
        case let .leaf(leaf): return leaf
        case let .submenu(menu): return menu
        case .loading: return nil
        }
    }

    var isEnabled: Bool {
        switch kind {
        case let .leaf(leaf): return !leaf.attributes.contains(.disabled)
        case let .submenu(menu): return !menu.children.isEmpty
        case .loading: return false
        }
    }

    var isDestructive: Bool {
        switch kind {
        case let .leaf(leaf): return leaf.attributes.contains(.destructive)
        case let .submenu(menu): return menu.options.contains(.destructive)
        case .loading: return false
        }
    }
}

/// A run of rows between section separators, with the inline menu's title.
struct MenuSection {
    var title: String?
    var rows: [MenuRow] = []
}

/// Lays a menu's element tree out as UIKit shows it: leaves and submenus
/// as rows; an inline menu as a section of its own, separated from its
/// neighbours; hidden elements left out; a deferred element as its
/// elements once its provider answered, else a loading row.
struct MenuContent {
    let title: String?
    let sections: [MenuSection]

    /// `resolve` answers a deferred element's elements, or nil while loading.
    init(menu: UIMenu, resolve: (UIDeferredMenuElement) -> [UIMenuElement]?) {
        title = menu.title.isEmpty ? nil : menu.title
        var sections: [MenuSection] = []
        var current = MenuSection()
        func closeSection() {
            if !current.rows.isEmpty || current.title != nil { sections.append(current) }
            current = MenuSection()
        }
        func add(_ elements: [UIMenuElement], parent: UIMenu) {
            for element in elements {
                switch element {
                case let menu as UIMenu where menu.options.contains(.displayInline):
                    closeSection()
                    current.title = menu.title.isEmpty ? nil : menu.title
                    add(menu.children, parent: menu)
                    closeSection()
                case let menu as UIMenu:
                    current.rows.append(MenuRow(kind: .submenu(menu), parent: parent))
                case let deferred as UIDeferredMenuElement:
                    if let resolved = resolve(deferred) {
                        add(resolved, parent: parent)
                    } else {
                        current.rows.append(MenuRow(kind: .loading, parent: parent))
                    }
                case let leaf as MenuLeafElement:
                    if !leaf.attributes.contains(.hidden) { current.rows.append(MenuRow(kind: .leaf(leaf), parent: parent)) }
                default:
                    break
                }
            }
        }
        add(menu.children, parent: menu)
        closeSection()
        self.sections = sections.filter { !$0.rows.isEmpty }
    }

    var rows: [MenuRow] { sections.flatMap(\.rows) }

    /// Whether some leaf is on or mixed, so rows leave room for a check mark.
    var showsStateColumn: Bool {
        rows.contains { row in
            if case let .leaf(leaf) = row.kind { return leaf.state != .off }
            return false
        }
    }
}
