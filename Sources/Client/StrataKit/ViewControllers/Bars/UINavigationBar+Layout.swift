import Foundation

/// The top item's views and where they go: items from the edges in
/// (left items from the left, right items from the right, the first one
/// rightmost), the back button at the left unless left items replace it,
/// and the title centered on the bar, moved aside or shortened only as
/// far as the items need. The back button says the item below's back
/// title when it fits beside the centered title, else "Back", else
/// nothing but the chevron (as UIKit shortens it).
extension UINavigationBar {
    /// Space between the bar's edges and its items, and between items.
    static let edgeMargin: CGFloat = 8
    static let itemSpacing: CGFloat = 8
    static let titleFontSize: CGFloat = 17

    func rebuildContent() {
        contentIsStale = false
        for view in leftViews + rightViews { view.removeFromSuperview() }
        backButton?.removeFromSuperview()
        titleLabel?.removeFromSuperview()
        promptLabel?.removeFromSuperview()
        if let shownTitleView, shownTitleView.superview === self { shownTitleView.removeFromSuperview() }
        leftViews = []; rightViews = []; backButton = nil; titleLabel = nil; promptLabel = nil; shownTitleView = nil
        guard let top = topItem else { return }

        let leftItems = top.leftBarButtonItems ?? []
        if backItem != nil, !top.hidesBackButton, leftItems.isEmpty || top.leftItemsSupplementBackButton {
            let button = NavigationBackButton(frame: .zero)
            button.addTarget(self, action: UINavigationBar.backButtonTapped, for: .touchUpInside)
            if let tint = backItem?.backBarButtonItem?.tintColor { button.tintColor = tint }
            backButton = button
            addSubview(button)
        }
        leftViews = leftItems.compactMap(makeView)
        rightViews = (top.rightBarButtonItems ?? []).compactMap(makeView)
        for view in leftViews + rightViews { addSubview(view) }

        if let titleView = top.titleView {
            shownTitleView = titleView
            naturalTitleWidth = titleView.bounds.width
            addSubview(titleView)
        } else if let title = top.title {
            let label = UILabel()
            label.font = .systemFont(ofSize: Self.titleFontSize, weight: .semibold)
            label.textColor = .label
            label.text = title
            label.sizeToFit()
            naturalTitleWidth = label.bounds.width
            titleLabel = label
            addSubview(label)
        }
        if let prompt = top.prompt {
            let label = UILabel()
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            label.text = prompt
            label.sizeToFit()
            promptLabel = label
            addSubview(label)
        }
        bringSubviewToFront(hairline)
    }

    private func makeView(for item: UIBarButtonItem) -> UIView? {
        guard !item.isSpace else { return nil }
        item.owningBar = self
        return BarButtonItemView(item: item)
    }

    func layOutContent() {
        let pixel = BarBackground.pixel(in: self)
        hairline.frame = CGRect(x: 0, y: bounds.height, width: bounds.width, height: pixel)
        let promptSpace: CGFloat = promptLabel != nil ? Self.promptHeight : 0
        if let promptLabel {
            promptLabel.center = CGPoint(x: bounds.midX, y: Self.promptHeight / 2 + 2)
        }
        // Items sit in the 44 points at the bottom of the bar.
        let rowTop = bounds.height - Self.defaultHeight
        let rowMid = max(rowTop, promptSpace) + Self.defaultHeight / 2
        func place(_ view: UIView, x: CGFloat) {
            let size = view is BarButtonItemView ? view.sizeThatFits(bounds.size) : view.bounds.size
            let height = view is BarButtonItemView ? Self.defaultHeight : size.height
            view.frame = CGRect(x: x, y: rowMid - height / 2, width: size.width, height: height)
        }

        var right = bounds.width - Self.edgeMargin
        for view in rightViews {
            let width = view is BarButtonItemView ? view.sizeThatFits(bounds.size).width : view.bounds.width
            right -= width
            place(view, x: right)
            right -= Self.itemSpacing
        }

        let titleView: UIView? = shownTitleView ?? titleLabel
        let titleWidth = titleView == nil ? 0 : naturalTitleWidth
        var left = Self.edgeMargin
        if let backButton {
            // The longest back title that fits left of the centered title.
            let room = bounds.midX - titleWidth / 2 - Self.itemSpacing - left
            let full = backItem?.backButtonTitleForDisplay
            let candidates: [String?] = full == nil ? [nil] : [full, Self.genericBackTitle, nil]
            let title = candidates.first { NavigationBackButton.width(forTitle: $0) <= room } ?? nil
            backButton.title = title
            let width = NavigationBackButton.width(forTitle: title)
            backButton.frame = CGRect(x: left, y: rowMid - Self.defaultHeight / 2, width: width, height: Self.defaultHeight)
            left += width + Self.itemSpacing
        }
        for view in leftViews {
            place(view, x: left)
            left = view.frame.maxX + Self.itemSpacing
        }

        guard let titleView else { return }
        // Centered on the bar, pushed aside by the items, shortened last.
        let available = max(0, right - left)
        let width = min(titleWidth, available)
        var x = bounds.midX - width / 2
        x = min(max(x, left), right - width)
        titleView.frame = CGRect(x: x, y: rowMid - titleView.bounds.height / 2, width: width, height: titleView.bounds.height)
    }

    /// The top item's views come in with a fade as long as the slide of
    /// the controllers' views.
    func fadeInContent() {
        let views: [UIView] = [backButton, titleLabel, promptLabel, shownTitleView].compactMap { $0 } + leftViews + rightViews
        for view in views { view.alpha = 0 }
        UIView.animate(withDuration: UINavigationController.transitionDuration, delay: 0, options: .curveEaseInOut, animations: {
            for view in views { view.alpha = 1 }
        })
    }
}
