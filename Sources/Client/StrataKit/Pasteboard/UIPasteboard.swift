import Dispatch
import Foundation
import StrataWayland

/// UIKit's pasteboard for text. `general` is the system clipboard: with a
/// compositor it is the Wayland selection (wl_data_device_manager), shared
/// with every other client; without one (a unit test, an app before its
/// first window) it is kept in the process. Pasteboards made with
/// `withUniqueName()` are the app's own.
open class UIPasteboard {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let general = Name("com.apple.UIKit.pboard.general")
    }

    /// Posted when the pasteboard's contents changed through this process.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")

    public let name: Name
    /// Bumped by every change made through this pasteboard.
    open private(set) var changeCount = 0

    /// The strings kept in the process: the named pasteboards' contents,
    /// and the general one's when there is no compositor.
    private var localStrings: [String] = []

    private static let generalPasteboard = UIPasteboard(name: .general)

    public class var general: UIPasteboard { generalPasteboard }

    init(name: Name) { self.name = name }

    /// A new pasteboard of the app's own, with a unique name.
    public class func withUniqueName() -> UIPasteboard {
        UIPasteboard(name: Name(UUID().uuidString))
    }

    /// The system clipboard of the compositor, for the general pasteboard.
    private var clipboard: Clipboard? {
        name == .general ? CompositorConnection.current?.clipboard : nil
    }

    // MARK: Strings

    /// The first string; setting it replaces everything (nil empties the pasteboard).
    open var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }

    /// Every string. On the system clipboard, several strings are offered
    /// as one text, a line each (Wayland's selection is a single item).
    open var strings: [String]? {
        get {
            if let clipboard {
                // This process's copy keeps its items; another client's is one text.
                if clipboard.ownsSelection, !localStrings.isEmpty, clipboard.ownText == localStrings.joined(separator: "\n") {
                    return localStrings
                }
                return clipboard.readText().map { [$0] }
            }
            return localStrings.isEmpty ? nil : localStrings
        }
        set {
            localStrings = newValue ?? []
            clipboard?.setText(localStrings.isEmpty ? nil : localStrings.joined(separator: "\n"))
            changeCount += 1
            NotificationCenter.default.post(name: UIPasteboard.changedNotification, object: self)
        }
    }

    /// Whether there is a string, without reading it.
    open var hasStrings: Bool {
        if let clipboard { return clipboard.hasText }
        return !localStrings.isEmpty
    }

    open var numberOfItems: Int {
        if let clipboard { return clipboard.ownsSelection ? max(localStrings.count, 1) : (clipboard.hasText ? 1 : 0) }
        return localStrings.count
    }

    /// Reads the string without blocking the main loop: from the compositor,
    /// `completion` runs on the main queue once the client that copied it
    /// has written it; otherwise at once. What the text field's paste uses.
    func readString(completion: @escaping (String?) -> Void) {
        guard let clipboard else { return completion(string) }
        clipboard.readText(on: .main) { completion($0) }
    }
}
