import Foundation

/// Shows the current state's values: the title (plain or attributed) in
/// its color, the image, the background image; and the system type's
/// highlight, which dims the title and image as UIKit's does.
extension UIButton {
    /// The system button's title font: the system font of 15 points, as UIKit's.
    static let titleFontSize: CGFloat = 15
    /// A disabled system button's title, when no color is set for `.disabled`.
    static let disabledSystemTitleColor = UIColor.systemGray
    /// How much of the title and image a highlighted system button shows.
    static let highlightedSystemAlpha: CGFloat = 0.2

    func stateDidChange() {
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    func contentDidChange() {
        updateAppearance()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    func updateAppearance() {
        let state = self.state
        let attributedTitle = attributedTitle(for: state)
        let title = title(for: state)
        if attributedTitle != nil || title != nil || titleLabelStorage != nil {
            let label = titleLabelStorage ?? makeTitleLabel()
            label.textColor = titleColor(for: state) ?? .white
            if let attributedTitle { label.attributedText = attributedTitle } else { label.text = title }
            label.isHidden = attributedTitle == nil && title == nil
        }
        let image = image(for: state)
        if image != nil || imageViewStorage != nil {
            let view = imageViewStorage ?? makeImageView()
            view.image = image
            view.isHidden = image == nil
        }
        let backgroundImage = backgroundImage(for: state)
        if backgroundImage != nil || backgroundImageView != nil {
            let view = backgroundImageView ?? makeBackgroundImageView()
            view.image = backgroundImage
            view.isHidden = backgroundImage == nil
        }
        let dimmed = buttonType == .system && state.contains(.highlighted) && titleColors[state] == nil
        let alpha = dimmed ? UIButton.highlightedSystemAlpha : 1
        titleLabelStorage?.alpha = alpha
        imageViewStorage?.alpha = alpha
    }

    func makeTitleLabel() -> UILabel {
        let label = UILabel()
        label.font = .systemFont(ofSize: UIButton.titleFontSize)
        label.lineBreakMode = .byTruncatingMiddle
        titleLabelStorage = label
        addSubview(label)
        return label
    }

    func makeImageView() -> UIImageView {
        let view = UIImageView()
        view.contentMode = .center
        imageViewStorage = view
        addSubview(view)
        return view
    }

    /// Behind the image and title.
    private func makeBackgroundImageView() -> UIImageView {
        let view = UIImageView()
        view.contentMode = .scaleToFill
        backgroundImageView = view
        insertSubview(view, at: 0)
        return view
    }
}
