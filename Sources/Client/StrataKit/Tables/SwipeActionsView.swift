import Foundation

/// The buttons a swiped row uncovers, at the edge it was swiped from; they
/// share the uncovered width, the first action nearest the edge.
final class SwipeActionsView: UIView {
    let actions: [UIContextualAction]
    let isTrailing: Bool
    private(set) var buttons: [UIButton] = []
    var onAction: ((UIContextualAction) -> Void)?

    /// The width the row has moved aside (positive for either edge).
    var revealedWidth: CGFloat = 0 {
        didSet { if revealedWidth != oldValue { setNeedsLayout() } }
    }

    init(actions: [UIContextualAction], isTrailing: Bool) {
        self.actions = actions
        self.isTrailing = isTrailing
        super.init(frame: .zero)
        clipsToBounds = true
        for action in actions {
            let button = UIButton(type: .custom)
            button.setTitle(action.title, for: .normal)
            button.setTitleColor(.white, for: .normal)
            if let image = action.image {
                button.setImage(image, for: .normal)
                button.tintColor = .white
            }
            button.backgroundColor = action.backgroundColor
            button.addAction(UIAction { [weak self] _ in self?.onAction?(action) }, for: .touchUpInside)
            buttons.append(button)
            addSubview(button)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func button(for action: UIContextualAction) -> UIButton? {
        actions.firstIndex { $0 === action }.map { buttons[$0] }
    }

    /// The width the actions want when the row rests open.
    var preferredWidth: CGFloat {
        buttons.reduce(0) { total, button in
            total + max(74, (button.titleLabel?.sizeThatFits(CGSize(width: 200, height: 44)).width ?? 0) + 30)
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = max(0, revealedWidth)
        let each = buttons.isEmpty ? 0 : width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            // The first action sits at the outer edge.
            let fromEdge = CGFloat(index) * each
            let x = isTrailing ? bounds.width - fromEdge - each : fromEdge
            button.frame = CGRect(x: x, y: 0, width: each, height: bounds.height)
        }
    }
}
