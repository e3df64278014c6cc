import Foundation

/// The control's parts: a gray rounded background, a white rounded thumb
/// (`selectedSegmentTintColor`) inset 2 points under the selected segment,
/// hairline dividers between segments, and each segment's content, a
/// UILabel for a title (13-point, semibold when selected) or a UIImageView,
/// centered; a disabled segment's content is dimmed, and so, less, is a
/// pressed segment's that is not the selected one. A change of selection
/// moves the thumb and changes fonts, without redrawing the parts.
extension UISegmentedControl {
    static let cornerRadius: CGFloat = 8
    static let thumbInset: CGFloat = 2
    static let fontSize: CGFloat = 13
    static let backgroundFill = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
    static let defaultThumbColor = UIColor.white
    static let dividerColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    static let disabledContentAlpha: CGFloat = 0.3
    static let pressedContentAlpha: CGFloat = 0.5

    /// Makes a label or image view for each segment, and the dividers.
    func rebuildContent() {
        for view in contentViews + dividers { view.removeFromSuperview() }
        contentViews = segments.map { segment in
            let view: UIView
            if let image = segment.image {
                let imageView = UIImageView(image: image)
                imageView.contentMode = .center
                view = imageView
            } else {
                let label = UILabel()
                label.text = segment.title
                label.textAlignment = .center
                label.textColor = .label
                view = label
            }
            view.isUserInteractionEnabled = false
            return view
        }
        dividers = segments.dropFirst().map { _ in
            let divider = UIView()
            divider.isUserInteractionEnabled = false
            divider.backgroundColor = UISegmentedControl.dividerColor
            return divider
        }
        for view in dividers + contentViews { addSubview(view) }
        updateContentAppearance()
        setNeedsLayout()
    }

    func layoutParts() {
        background.frame = bounds
        let rects = segmentRects()
        for (index, view) in contentViews.enumerated() {
            view.frame = rects[index].insetBy(dx: UISegmentedControl.thumbInset, dy: 0)
        }
        for (offset, divider) in dividers.enumerated() {
            divider.frame = CGRect(x: rects[offset].maxX - 0.5, y: 8, width: 1, height: max(bounds.height - 16, 0))
        }
        layoutSelection(in: rects)
    }

    func updateSelection() {
        updateContentAppearance()
        layoutSelection(in: segmentRects())
    }

    /// The thumb under the selected segment, and no divider beside it.
    private func layoutSelection(in rects: [CGRect]) {
        let shown = isMomentary ? UISegmentedControl.noSegment : selectedIndex
        if rects.indices.contains(shown) {
            selectionThumb.frame = rects[shown].insetBy(dx: UISegmentedControl.thumbInset, dy: UISegmentedControl.thumbInset)
            selectionThumb.alpha = 1
        } else {
            selectionThumb.alpha = 0
        }
        for (offset, divider) in dividers.enumerated() {
            divider.isHidden = offset == shown || offset + 1 == shown
        }
    }

    func updateContentAppearance() {
        let shown = isMomentary ? UISegmentedControl.noSegment : selectedIndex
        for (index, view) in contentViews.enumerated() {
            if !isEnabled || !segments[index].isEnabled {
                view.alpha = UISegmentedControl.disabledContentAlpha
            } else {
                view.alpha = index == pressedIndex && index != shown ? UISegmentedControl.pressedContentAlpha : 1
            }
            if let label = view as? UILabel {
                label.font = .systemFont(ofSize: UISegmentedControl.fontSize, weight: index == shown ? .semibold : .regular)
            }
        }
    }
}
