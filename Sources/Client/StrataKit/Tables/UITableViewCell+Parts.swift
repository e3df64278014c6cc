import Foundation

/// The standard parts of a cell: the built-in labels and image, the
/// accessory, the editing controls, the backgrounds and the separator.
extension UITableViewCell {
    func installBaseViews() {
        styleBackground.isUserInteractionEnabled = false
        addSubview(styleBackground)
        contentView.backgroundColor = nil
        addSubview(contentView)
        separatorView.backgroundColor = .separator
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
        updateSelectedLook()
    }

    // MARK: Built-in labels and image

    func builtInTextLabel() -> UILabel? {
        if let label = storedTextLabel { return label }
        let label = UILabel(frame: .zero)
        label.font = .preferredFont(forTextStyle: style == .value2 ? .footnote : .body)
        if style == .value2 {
            label.textColor = tintColor
            label.textAlignment = .right
        }
        label.highlightedTextColor = .label
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    func builtInDetailTextLabel() -> UILabel? {
        guard style != .default else { return nil }
        if let label = storedDetailTextLabel { return label }
        let label = UILabel(frame: .zero)
        switch style {
        case .subtitle:
            label.font = .preferredFont(forTextStyle: .subheadline)
            label.textColor = .secondaryLabel
        case .value1:
            label.font = .preferredFont(forTextStyle: .body)
            label.textColor = .secondaryLabel
            label.textAlignment = .right
        default:
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = .label
        }
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    func builtInImageView() -> UIImageView? {
        if let imageView = storedImageView { return imageView }
        let imageView = UIImageView(frame: .zero)
        storedImageView = imageView
        contentView.addSubview(imageView)
        setNeedsLayout()
        return imageView
    }

    /// A configuration replaces the built-in labels: its view fills the
    /// content view; a configuration of another kind makes a new view.
    func applyContentConfiguration() {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        let updated = automaticallyUpdatesContentConfiguration ? configuration.updated(for: configurationState) : configuration
        if let view = configuredContentView, view.supports(updated) {
            view.configuration = updated
        } else {
            configuredContentView?.removeFromSuperview()
            let view = updated.makeContentView()
            contentView.addSubview(view)
            configuredContentView = view
        }
        for view in [storedTextLabel, storedDetailTextLabel, storedImageView] as [UIView?] { view?.isHidden = true }
        setNeedsLayout()
    }

    // MARK: Backgrounds and the selected look

    func replaceBackground(_ old: UIView?, with new: UIView?) {
        guard old !== new else { return }
        old?.removeFromSuperview()
        guard let new else { return }
        // Order from the bottom: the style's colour, backgroundView, selectedBackgroundView, content.
        if new === selectedBackgroundView {
            insertSubview(new, aboveSubview: backgroundView ?? styleBackground)
        } else {
            insertSubview(new, aboveSubview: styleBackground)
        }
        setNeedsLayout()
    }

    /// Whether the row shows selected: selected or highlighted, with a style.
    var showsSelectedLook: Bool {
        (selectedFlag || highlightedFlag) && selectionStyle != .none
    }

    func updateSelectedLook() {
        if let configuration = backgroundConfiguration {
            applyBackgroundConfiguration(automaticallyUpdatesBackgroundConfiguration ? configuration.updated(for: configurationState) : configuration)
            return
        }
        let selected = showsSelectedLook
        selectedBackgroundView?.isHidden = !selected
        if selected && selectedBackgroundView == nil {
            styleBackground.backgroundColor = .systemGray4
        } else {
            styleBackground.backgroundColor = backgroundColor == nil ? styleBackgroundColor : nil
        }
        for label in [storedTextLabel, storedDetailTextLabel] { label?.isHighlighted = selected }
    }

    private func applyBackgroundConfiguration(_ configuration: UIBackgroundConfiguration) {
        styleBackground.backgroundColor = configuration.backgroundColor
        styleBackground.layer.cornerRadius = configuration.cornerRadius
        styleBackground.layer.borderWidth = configuration.strokeWidth
        styleBackground.layer.borderColor = configuration.strokeColor?.cgColor
        styleBackground.clipsToBounds = configuration.cornerRadius > 0
        if let custom = configuration.customView, custom.superview !== styleBackground {
            styleBackground.subviews.forEach { $0.removeFromSuperview() }
            custom.frame = styleBackground.bounds
            custom.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            styleBackground.addSubview(custom)
        }
        selectedBackgroundView?.isHidden = !showsSelectedLook
        for label in [storedTextLabel, storedDetailTextLabel] { label?.isHighlighted = showsSelectedLook }
        setNeedsLayout()
    }

    // MARK: Accessory

    /// The accessory in use: the view if set, else the standard one for the
    /// type (while editing: the editing accessory).
    var shownAccessoryView: UIView? {
        if isEditing {
            return editingAccessoryView ?? (editingAccessoryType == .none ? nil : standardAccessory)
        }
        return accessoryView ?? (accessoryType == .none ? nil : standardAccessory)
    }

    func refreshAccessory() {
        let type = isEditing ? editingAccessoryType : accessoryType
        let custom = isEditing ? editingAccessoryView : accessoryView
        let glyph: CellGlyphView.Glyph? = switch type {
        case .none: nil
        case .disclosureIndicator: .disclosureIndicator
        case .checkmark: .checkmark
        case .detailButton: .detailButton
        case .detailDisclosureButton: .detailDisclosureButton
        }
        if custom != nil || glyph != standardAccessory?.glyph {
            standardAccessory?.removeFromSuperview()
            standardAccessory = nil
        }
        if custom == nil, let glyph, standardAccessory == nil {
            let view = CellGlyphView(glyph: glyph)
            standardAccessory = view
            addSubview(view)
        }
        for view in [accessoryView, editingAccessoryView] {
            guard let view else { continue }
            if view === custom {
                if view.superview !== self { addSubview(view) }
            } else {
                view.removeFromSuperview()
            }
        }
        setNeedsLayout()
    }

    // MARK: Editing controls

    func refreshEditingControls() {
        let wanted: CellGlyphView.Glyph? = switch (isEditing, editingStyle) {
        case (true, .delete): .deleteControl
        case (true, .insert): .insertControl
        default: nil
        }
        if editingControl?.glyph != wanted {
            editingControl?.removeFromSuperview()
            editingControl = wanted.map(CellGlyphView.init(glyph:))
            if let control = editingControl {
                addSubview(control)
                control.addGestureRecognizer(UITapGestureRecognizer(target: self, action: UITableViewCell.editingControlTapped))
            }
        }
        let wantsGrip = isEditing && showsReorderControl
        if wantsGrip, reorderControl == nil {
            let grip = CellGlyphView(glyph: .reorderControl)
            reorderControl = grip
            addSubview(grip)
            grip.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: UITableViewCell.reorderControlDragged))
        } else if !wantsGrip {
            reorderControl?.removeFromSuperview()
            reorderControl = nil
        }
        refreshAccessory()
        setNeedsLayout()
    }

    /// The table this cell shows a row of.
    var tableView: UITableView? {
        var view = superview
        while let candidate = view {
            if let table = candidate as? UITableView { return table }
            view = candidate.superview
        }
        return nil
    }

    func reorderControlDragged(_ recognizer: UIPanGestureRecognizer) {
        tableView?.handleReorder(recognizer, cell: self)
    }

    func editingControlTapped(_ recognizer: UIGestureRecognizer) {
        tableView?.editingControlTapped(in: self)
    }
}
