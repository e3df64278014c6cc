import Foundation

/// An alert controller's view: as large as the window, over the
/// presenter's view. It lays the alert out in its `layoutSubviews` and
/// tells the controller when it enters and leaves the window, where the
/// alert takes the keys and gives them back. Touches outside the box land
/// here and go no further down: the presenter's view beneath gets none.
final class AlertContainerView: UIView {
    private(set) weak var controller: UIAlertController?

    init(controller: UIAlertController, frame: CGRect) {
        self.controller = controller
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        controller?.layoutParts()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        controller?.containerDidMoveToWindow()
    }
}
