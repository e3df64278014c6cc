import Foundation

/// An action shown when a row is swiped: a titled button that runs its
/// handler, which calls the completion handler with whether it was done.
open class UIContextualAction {
    public enum Style: Int, Sendable {
        case normal, destructive
    }

    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    public let style: Style
    open var title: String?
    open var image: UIImage?
    public let handler: Handler

    /// Red for a destructive action, grey otherwise, unless set.
    open var backgroundColor: UIColor! {
        get { storedBackgroundColor ?? (style == .destructive ? .systemRed : .systemGray) }
        set { storedBackgroundColor = newValue }
    }

    private var storedBackgroundColor: UIColor?
}

/// The swipe actions of one edge of a row, first action outermost.
open class UISwipeActionsConfiguration {
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }

    public let actions: [UIContextualAction]

    /// Whether swiping the row all the way across performs the first action.
    open var performsFirstActionWithFullSwipe = true
}
