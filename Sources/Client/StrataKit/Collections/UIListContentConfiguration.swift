import Foundation

/// The content of a list cell, header or footer: an image, a text and a
/// secondary text, with their styles and the margins around them.
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text looks.
    public struct TextProperties {
        public var font: UIFont
        public var color: UIColor
        public var numberOfLines = 1
        public var alignment: NSTextAlignment = .natural
    }

    /// How the image looks.
    public struct ImageProperties {
        public var tintColor: UIColor?
        public var maximumSize: CGSize = .zero
        public var reservedLayoutSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
    }

    public var text: String?
    /// Styled text; when set it shows instead of `text`.
    public var attributedText: NSAttributedString?
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    /// Whether the secondary text goes beside the text (value cells) or under it.
    var secondaryTextBeside = false

    init(font: UIFont, color: UIColor = .label, secondaryFont: UIFont = .preferredFont(forTextStyle: .subheadline),
         secondaryColor: UIColor = .secondaryLabel) {
        textProperties = TextProperties(font: font, color: color)
        secondaryTextProperties = TextProperties(font: secondaryFont, color: secondaryColor)
    }

    public static func cell() -> UIListContentConfiguration { .init(font: .preferredFont(forTextStyle: .body)) }

    public static func subtitleCell() -> UIListContentConfiguration { .init(font: .preferredFont(forTextStyle: .body)) }

    public static func valueCell() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(font: .preferredFont(forTextStyle: .body),
                                                       secondaryFont: .preferredFont(forTextStyle: .body))
        configuration.secondaryTextBeside = true
        return configuration
    }

    public static func sidebarCell() -> UIListContentConfiguration { .init(font: .preferredFont(forTextStyle: .body)) }

    public static func plainHeader() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(font: .preferredFont(forTextStyle: .headline))
        configuration.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        return configuration
    }

    public static func groupedHeader() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
        configuration.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 6, trailing: 16)
        return configuration
    }

    public static func plainFooter() -> UIListContentConfiguration { groupedFooter() }

    public static func groupedFooter() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel)
        configuration.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 16, trailing: 16)
        return configuration
    }

    public static func header() -> UIListContentConfiguration { plainHeader() }
    public static func footer() -> UIListContentConfiguration { plainFooter() }

    public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }

    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view of a list content configuration: an image view and two labels,
/// placed by hand inside the margins; as tall as its text needs, at least
/// a row (44 points) for cells.
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView(frame: .zero)
    private let textLabel = UILabel(frame: .zero)
    private let secondaryTextLabel = UILabel(frame: .zero)

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        addSubview(imageView)
        addSubview(textLabel)
        addSubview(secondaryTextLabel)
        show(configuration)
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    private var listConfiguration: UIListContentConfiguration

    public var configuration: UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            listConfiguration = list
            show(list)
        }
    }

    public func supports(_ configuration: UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func show(_ configuration: UIListContentConfiguration) {
        imageView.image = configuration.image
        imageView.tintColor = configuration.imageProperties.tintColor
        imageView.isHidden = configuration.image == nil
        for (label, text, attributed, properties) in [
            (textLabel, configuration.text, configuration.attributedText, configuration.textProperties),
            (secondaryTextLabel, configuration.secondaryText, configuration.secondaryAttributedText, configuration.secondaryTextProperties),
        ] {
            label.font = properties.font
            label.textColor = properties.color
            label.numberOfLines = properties.numberOfLines
            label.textAlignment = properties.alignment
            if let attributed { label.attributedText = attributed } else { label.text = text }
            label.isHidden = text == nil && attributed == nil
        }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Where the texts start: after the image, if there is one.
    private func textOrigin(in width: CGFloat) -> CGFloat {
        let margins = listConfiguration.directionalLayoutMargins
        guard let image = listConfiguration.image else { return margins.leading }
        let imageWidth = max(image.size.width, listConfiguration.imageProperties.reservedLayoutSize.width)
        return margins.leading + imageWidth + listConfiguration.imageToTextPadding
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let margins = listConfiguration.directionalLayoutMargins
        let x = textOrigin(in: bounds.width)
        let width = max(0, bounds.width - x - margins.trailing)
        let textSize = textLabel.isHidden ? .zero : textLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        let secondarySize = secondaryTextLabel.isHidden ? .zero
            : secondaryTextLabel.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        if listConfiguration.secondaryTextBeside {
            textLabel.frame = CGRect(x: x, y: (bounds.height - textSize.height) / 2, width: min(width, textSize.width), height: textSize.height)
            secondaryTextLabel.frame = CGRect(x: bounds.width - margins.trailing - secondarySize.width,
                                              y: (bounds.height - secondarySize.height) / 2,
                                              width: secondarySize.width, height: secondarySize.height)
        } else {
            let gap = secondaryTextLabel.isHidden || textLabel.isHidden ? 0 : listConfiguration.textToSecondaryTextVerticalPadding
            let total = textSize.height + gap + secondarySize.height
            var y = (bounds.height - total) / 2
            textLabel.frame = CGRect(x: x, y: y, width: width, height: textSize.height)
            y += textSize.height + gap
            secondaryTextLabel.frame = CGRect(x: x, y: y, width: width, height: secondarySize.height)
        }
        if let image = listConfiguration.image {
            let size = image.size
            imageView.frame = CGRect(x: margins.leading, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        }
    }

    /// As wide as offered; as tall as the texts (or the image) and the margins.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let margins = listConfiguration.directionalLayoutMargins
        let width = max(0, size.width - textOrigin(in: size.width) - margins.trailing)
        let fit = CGSize(width: width, height: .greatestFiniteMagnitude)
        let text = textLabel.isHidden ? 0 : textLabel.sizeThatFits(fit).height
        let secondary = secondaryTextLabel.isHidden ? 0 : secondaryTextLabel.sizeThatFits(fit).height
        let texts = listConfiguration.secondaryTextBeside ? max(text, secondary)
            : text + secondary + (text > 0 && secondary > 0 ? listConfiguration.textToSecondaryTextVerticalPadding : 0)
        let image = listConfiguration.image?.size.height ?? 0
        return CGSize(width: size.width, height: max(texts, image) + margins.top + margins.bottom)
    }

    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        sizeThatFits(targetSize)
    }
}
