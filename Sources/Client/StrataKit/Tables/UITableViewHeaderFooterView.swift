import Foundation

/// A reusable section header or footer: a content view with a label (or
/// a content configuration), dequeued like cells.
open class UITableViewHeaderFooterView: UIView {
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// What `dequeueReusableHeaderFooterView` calls on a registered class
    /// (through `init(reuseIdentifier:)`, which subclasses override).
    public required convenience init(registeredWithReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    public internal(set) var reuseIdentifier: String?

    public let contentView = UIView(frame: .zero)

    open func prepareForReuse() {}

    /// The standard label (made on first use).
    open var textLabel: UILabel? {
        if let label = storedTextLabel { return label }
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 17, weight: .semibold)
        storedTextLabel = label
        contentView.addSubview(label)
        return label
    }

    open var detailTextLabel: UILabel? {
        if let label = storedDetailTextLabel { return label }
        let label = UILabel(frame: .zero)
        label.font = .preferredFont(forTextStyle: .footnote)
        label.textColor = .secondaryLabel
        storedDetailTextLabel = label
        contentView.addSubview(label)
        return label
    }

    var storedTextLabel: UILabel?
    var storedDetailTextLabel: UILabel?

    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            guard let configuration = contentConfiguration else {
                configuredContentView?.removeFromSuperview()
                configuredContentView = nil
                return
            }
            if let view = configuredContentView, view.supports(configuration) {
                view.configuration = configuration
            } else {
                configuredContentView?.removeFromSuperview()
                let view = configuration.makeContentView()
                contentView.addSubview(view)
                configuredContentView = view
            }
            storedTextLabel?.isHidden = true
            storedDetailTextLabel?.isHidden = true
            setNeedsLayout()
        }
    }

    var configuredContentView: (UIView & UIContentView)?

    /// The table style the view shows in (set when the table displays it).
    var tableStyle: UITableView.Style = .plain
    var isFooter = false

    /// A configuration styled for the table and for header or footer.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch (tableStyle, isFooter) {
        case (.plain, false): .plainHeader()
        case (.plain, true): .plainFooter()
        case (_, false): .groupedHeader()
        case (_, true): .groupedFooter()
        }
    }

    /// The standard view for a section title.
    func configureStandard(title: String, tableStyle: UITableView.Style, isHeader: Bool) {
        self.tableStyle = tableStyle
        isFooter = !isHeader
        var configuration = defaultContentConfiguration()
        configuration.text = title
        contentConfiguration = configuration
        if tableStyle == .plain && isHeader { backgroundColor = .secondarySystemBackground }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        if let configured = configuredContentView {
            configured.frame = contentView.bounds
        } else if let label = storedTextLabel {
            let height = label.sizeThatFits(CGSize(width: bounds.width - 32, height: .greatestFiniteMagnitude)).height
            label.frame = CGRect(x: 16, y: ((bounds.height - height) / 2).rounded(), width: max(0, bounds.width - 32), height: height)
        }
    }

    /// The height the content asks for at a width.
    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        if let list = configuredContentView as? UIListContentView { return list.fittingHeight(forWidth: width) }
        if let configured = configuredContentView {
            return configured.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel).height
        }
        func constrained(_ view: UIView) -> Bool { !view.heldConstraints.isEmpty || view.subviews.contains(where: constrained) }
        if constrained(contentView) {
            return contentView.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel).height
        }
        if let label = storedTextLabel {
            return label.sizeThatFits(CGSize(width: width - 32, height: .greatestFiniteMagnitude)).height + 12
        }
        return frame.height
    }
}
