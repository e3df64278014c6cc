import Foundation

/// Shows a `UIListContentConfiguration`: the image at the leading margin,
/// then the text, with the secondary text below it or, side by side, at
/// the trailing edge. Laid out by hand, so a list of thousands of rows
/// does not load the constraint solver.
open class UIListContentView: UIView, UIContentView {
    let imageView = UIImageView(frame: .zero)
    let textLabel = UILabel(frame: .zero)
    let secondaryTextLabel = UILabel(frame: .zero)

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] {
            view.isHidden = true
            addSubview(view)
        }
        apply(configuration)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private var listConfiguration: UIListContentConfiguration

    public var configuration: UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            listConfiguration = list
            apply(list)
        }
    }

    private func apply(_ configuration: UIListContentConfiguration) {
        if let symbol = configuration.imageProperties.preferredSymbolConfiguration, let image = configuration.image, image.isSymbolImage {
            imageView.image = image.withConfiguration(symbol)
        } else {
            imageView.image = configuration.image
        }
        imageView.tintColor = configuration.imageProperties.tintColor
        imageView.isHidden = configuration.image == nil
        imageView.layer.cornerRadius = configuration.imageProperties.cornerRadius
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        style(textLabel, configuration.shownText, configuration.attributedText, configuration.textProperties)
        style(secondaryTextLabel, configuration.shownSecondaryText, configuration.secondaryAttributedText,
              configuration.secondaryTextProperties)
        if configuration.prefersSideBySideTextAndSecondaryText { secondaryTextLabel.textAlignment = .right }
        setNeedsLayout()
    }

    private func style(_ label: UILabel, _ text: String?, _ attributed: NSAttributedString?,
                       _ properties: UIListContentConfiguration.TextProperties) {
        label.font = properties.font
        label.textColor = properties.color
        label.textAlignment = properties.alignment
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        label.adjustsFontSizeToFitWidth = properties.adjustsFontSizeToFitWidth
        label.minimumScaleFactor = properties.minimumScaleFactor
        if let attributed, properties.transform == .none {
            label.attributedText = attributed
        } else {
            label.text = text
        }
        label.isHidden = (text ?? "").isEmpty
    }

    // MARK: Layout

    private struct Placement {
        var image: CGRect = .zero
        var text: CGRect = .zero
        var secondary: CGRect = .zero
        var height: CGFloat = 0
    }

    private var margins: UIEdgeInsets {
        let m = listConfiguration.directionalLayoutMargins
        return UIEdgeInsets(top: m.top, left: m.leading, bottom: m.bottom, right: m.trailing)
    }

    private var shownImageSize: CGSize {
        guard let image = listConfiguration.image else { return .zero }
        var size = image.size
        let maximum = listConfiguration.imageProperties.maximumSize
        if maximum.width > 0, size.width > maximum.width {
            size = CGSize(width: maximum.width, height: size.height * maximum.width / size.width)
        }
        if maximum.height > 0, size.height > maximum.height {
            size = CGSize(width: size.width * maximum.height / size.height, height: maximum.height)
        }
        return size
    }

    /// Where each part goes in a view `width` wide, and the height the
    /// content needs.
    private func placement(width: CGFloat) -> Placement {
        var result = Placement()
        let insets = margins
        var leading = insets.left
        let imageSize = shownImageSize
        let reserved = listConfiguration.imageProperties.reservedLayoutSize
        if listConfiguration.image != nil || reserved.width > 0 {
            let slot = CGSize(width: max(imageSize.width, reserved.width), height: max(imageSize.height, reserved.height))
            result.image = CGRect(x: leading + (slot.width - imageSize.width) / 2, y: 0, width: imageSize.width, height: imageSize.height)
            leading += slot.width + listConfiguration.imageToTextPadding
        }
        let available = max(0, width - leading - insets.right)
        let hasText = !textLabel.isHidden
        let hasSecondary = !secondaryTextLabel.isHidden
        var contentHeight: CGFloat
        if listConfiguration.prefersSideBySideTextAndSecondaryText {
            let secondarySize = hasSecondary ? secondaryTextLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)) : .zero
            let secondaryWidth = min(secondarySize.width, available)
            let gap = hasSecondary ? listConfiguration.textToSecondaryTextHorizontalPadding : 0
            let textWidth = max(0, available - secondaryWidth - gap)
            let textSize = hasText ? textLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)) : .zero
            contentHeight = max(textSize.height, secondarySize.height)
            result.text = CGRect(x: leading, y: (contentHeight - textSize.height) / 2, width: min(textSize.width, textWidth), height: textSize.height)
            result.secondary = CGRect(x: width - insets.right - secondaryWidth, y: (contentHeight - secondarySize.height) / 2,
                                      width: secondaryWidth, height: secondarySize.height)
        } else {
            let fit = CGSize(width: available, height: .greatestFiniteMagnitude)
            let textSize = hasText ? textLabel.sizeThatFits(fit) : .zero
            let secondarySize = hasSecondary ? secondaryTextLabel.sizeThatFits(fit) : .zero
            let gap = hasText && hasSecondary ? listConfiguration.textToSecondaryTextVerticalPadding : 0
            let block = textSize.height + gap + secondarySize.height
            contentHeight = max(block, imageSize.height)
            let top = (contentHeight - block) / 2
            result.text = CGRect(x: leading, y: top, width: min(textSize.width, available), height: textSize.height)
            result.secondary = CGRect(x: leading, y: top + textSize.height + gap,
                                      width: min(secondarySize.width, available), height: secondarySize.height)
        }
        contentHeight = max(contentHeight, imageSize.height)
        result.image.origin.y = (contentHeight - imageSize.height) / 2
        result.height = insets.top + contentHeight + insets.bottom
        return result
    }

    /// The height the content needs at a width.
    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        placement(width: width).height
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: fittingHeight(forWidth: size.width))
    }

    /// What self-sizing cells ask: the height at the offered width.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        sizeThatFits(targetSize)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let placed = placement(width: bounds.width)
        // The content block is centred vertically in whatever height the row has.
        let top = margins.top + (bounds.height - placed.height) / 2
        imageView.frame = placed.image.offsetBy(dx: 0, dy: top)
        textLabel.frame = placed.text.offsetBy(dx: 0, dy: top)
        secondaryTextLabel.frame = placed.secondary.offsetBy(dx: 0, dy: top)
    }
}
