import Foundation

/// The content of a list row, header or footer: an image, a primary text
/// and a secondary text, with their looks. Made from a preset (`cell()`,
/// `subtitleCell()`, `valueCell()`, the header and footer styles) or from a
/// cell's `defaultContentConfiguration()`, changed, and assigned to the
/// cell's `contentConfiguration`.
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How a text looks.
    public struct TextProperties: Hashable {
        public enum TextTransform: Int, Hashable, Sendable { case none, uppercase, lowercase, capitalized }

        public var font: UIFont
        public var color: UIColor
        public var alignment: NSTextAlignment = .natural
        /// 0: as many lines as the text needs.
        public var numberOfLines = 0
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        public var transform: TextTransform = .none

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }

        func transformed(_ text: String) -> String {
            switch transform {
            case .none: text
            case .uppercase: text.uppercased()
            case .lowercase: text.lowercased()
            case .capitalized: text.capitalized
            }
        }
    }

    /// How the image looks.
    public struct ImageProperties: Hashable {
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
        public var tintColor: UIColor?
        /// The largest the image is shown; zero in a dimension: no limit.
        public var maximumSize: CGSize = .zero
        /// The room kept for the image even when it is smaller, so texts line up.
        public var reservedLayoutSize: CGSize = .zero
        public var cornerRadius: CGFloat = 0
        public var accessibilityIgnoresInvertColors = false
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?
    }

    public var image: UIImage?
    public var text: String?
    public var attributedText: NSAttributedString?
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var imageProperties = ImageProperties()
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    public var axesPreservingSuperviewLayoutMargins: UIAxis = [.horizontal]
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    /// Text and secondary text on one line (the value cell), else stacked.
    public var prefersSideBySideTextAndSecondaryText = false

    init(primary: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets) {
        textProperties = primary
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
    }

    private static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    /// A row with an image and a text.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(primary: TextProperties(font: .preferredFont(forTextStyle: .body), color: .label),
                                   secondary: TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel),
                                   margins: cellMargins)
    }

    /// A text above a smaller secondary text.
    public static func subtitleCell() -> UIListContentConfiguration {
        var configuration = cell()
        configuration.secondaryTextProperties.font = .preferredFont(forTextStyle: .subheadline)
        return configuration
    }

    /// A text with its value at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration {
        var configuration = cell()
        configuration.secondaryTextProperties.font = .preferredFont(forTextStyle: .body)
        configuration.secondaryTextProperties.numberOfLines = 1
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }

    /// A sidebar row.
    public static func sidebarCell() -> UIListContentConfiguration { cell() }
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { subtitleCell() }
    public static func sidebarSubtitleCell() -> UIListContentConfiguration { subtitleCell() }

    /// A plain list's section header: a bold text.
    public static func plainHeader() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(
            primary: TextProperties(font: .systemFont(ofSize: 17, weight: .semibold), color: .label),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
        configuration.textProperties.numberOfLines = 1
        return configuration
    }

    public static func plainFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(
            primary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
    }

    /// A grouped list's section header: small upper-case grey text.
    public static func groupedHeader() -> UIListContentConfiguration {
        var configuration = UIListContentConfiguration(
            primary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 7, trailing: 16))
        configuration.textProperties.transform = .uppercase
        return configuration
    }

    public static func groupedFooter() -> UIListContentConfiguration {
        UIListContentConfiguration(
            primary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            secondary: TextProperties(font: .preferredFont(forTextStyle: .footnote), color: .secondaryLabel),
            margins: NSDirectionalEdgeInsets(top: 7, leading: 16, bottom: 16, trailing: 16))
    }

    /// An inset grouped list's large header.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var configuration = groupedHeader()
        configuration.textProperties.font = .systemFont(ofSize: 20, weight: .bold)
        configuration.textProperties.color = .label
        configuration.textProperties.transform = .none
        return configuration
    }

    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var configuration = prominentInsetGroupedHeader()
        configuration.textProperties.font = .systemFont(ofSize: 22, weight: .bold)
        return configuration
    }

    public static func sidebarHeader() -> UIListContentConfiguration { plainHeader() }

    /// iOS 18's headers and footers that follow the list's appearance.
    public static func header() -> UIListContentConfiguration { plainHeader() }
    public static func footer() -> UIListContentConfiguration { plainFooter() }

    public func makeContentView() -> UIView & UIContentView {
        UIListContentView(configuration: self)
    }

    /// Selected and highlighted rows keep their colours (iOS 14 and later
    /// show selection with the background), so the state changes nothing.
    public func updated(for state: UIConfigurationState) -> UIListContentConfiguration { self }

    /// The primary text as shown: attributed text wins over text.
    var shownText: String? {
        (attributedText?.string ?? text).map(textProperties.transformed)
    }

    var shownSecondaryText: String? {
        (secondaryAttributedText?.string ?? secondaryText).map(secondaryTextProperties.transformed)
    }
}
