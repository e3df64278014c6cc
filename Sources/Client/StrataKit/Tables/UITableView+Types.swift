import Foundation

extension UITableView {
    /// How sections look: `.plain` keeps a section's header pinned to the
    /// top while its rows scroll under it; `.grouped` sets sections apart
    /// with space; `.insetGrouped` also insets them from the edges, with
    /// rounded corners.
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row: `.none` scrolls
    /// the least needed to show it.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// How rows come and go in `insertRows`, `deleteRows`, `reloadRows`.
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// The value that lets the table choose a dimension: a row sized by its
    /// content, a header sized by its title.
    public static let automaticDimension: CGFloat = -1

    /// The height of a row that neither the table nor its content sizes.
    static let defaultRowHeight: CGFloat = 44
}

extension UITableViewCell {
    /// What editing does to a row: the red delete control, the green insert
    /// control, or nothing.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The built-in layouts of a cell's labels and image.
    public enum CellStyle: Int, Sendable {
        /// One left-aligned label (`textLabel`), with an optional image.
        case `default`
        /// `textLabel` on the left, `detailTextLabel` right-aligned in grey.
        case value1
        /// A small blue `textLabel` beside a larger `detailTextLabel` (Contacts).
        case value2
        /// `textLabel` above a smaller grey `detailTextLabel`.
        case subtitle
    }

    /// The standard control at a row's trailing edge.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How a selected cell shows it.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine
    }
}

/// The failure UIKit raises (NSInternalInconsistencyException) when a
/// batch update does not agree with the data source's counts, or a
/// dequeue names an identifier never registered. Apps cannot catch
/// Objective-C exceptions in Swift either; here the handler is the one
/// place it goes, so tests can observe it.
public enum UITableViewInconsistency {
    nonisolated(unsafe) public static var handler: (String) -> Void = { message in
        fatalError("NSInternalInconsistencyException: \(message)")
    }

    static func raise(_ message: String) {
        handler(message)
    }
}
