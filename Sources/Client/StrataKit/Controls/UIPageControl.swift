import Foundation

/// UIKit's row of page dots. UIKit: "When a user taps a page control to
/// move to the next or previous page, the control sends the valueChanged
/// event ... The page control advances only one page in either
/// direction." A tap to the left of the current page's dot goes back one
/// page, to its right forward one; setting `currentPage` in code sends
/// nothing. Each dot is a view with a round corner radius, so a change of
/// page is a change of colors on the wire.
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance from one dot's center to the next.
    static let dotDiameter: CGFloat = 7
    static let dotPitch: CGFloat = 16
    /// Room beside the first and last dots, and the control's height.
    static let sidePadding: CGFloat = 8
    static let controlHeight: CGFloat = 26

    /// The number of dots; 0 by default.
    open var numberOfPages: Int = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            guard numberOfPages != oldValue else { return }
            currentPage = pinned(currentPage)
            rebuildDots()
            invalidateIntrinsicContentSize()
        }
    }

    /// UIKit: "Values outside the possible range are pinned to either 0 or
    /// numberOfPages minus 1."
    open var currentPage: Int = 0 {
        didSet {
            let page = pinned(currentPage)
            if page != currentPage { currentPage = page; return }
            if currentPage != oldValue { updateColors() }
        }
    }

    /// Shows no dots (and takes no taps) while there is only one page.
    open var hidesForSinglePage = false {
        didSet { setNeedsLayout() }
    }

    /// The other pages' dots; nil (the default): white at 30 %, as UIKit
    /// draws them over the dark content page controls usually sit on.
    open var pageIndicatorTintColor: UIColor? {
        didSet { updateColors() }
    }

    /// The current page's dot; nil (the default): white, UIKit's "white dot".
    open var currentPageIndicatorTintColor: UIColor? {
        didSet { updateColors() }
    }

    var dots: [UIView] = []
    let dotsView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        dotsView.isUserInteractionEnabled = false
        addSubview(dotsView)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The size the dots of `pageCount` pages take.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let pages = max(0, pageCount)
        let dotsWidth = pages > 0 ? CGFloat(pages - 1) * Self.dotPitch + Self.dotDiameter : 0
        return CGSize(width: dotsWidth + 2 * Self.sidePadding, height: Self.controlHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        dotsView.isHidden = hidesDots
        let row = size(forNumberOfPages: numberOfPages)
        dotsView.frame = CGRect(x: ((bounds.width - row.width) / 2).rounded(), y: ((bounds.height - row.height) / 2).rounded(),
                                width: row.width, height: row.height)
        for (index, dot) in dots.enumerated() {
            dot.frame = CGRect(x: Self.sidePadding + CGFloat(index) * Self.dotPitch, y: (row.height - Self.dotDiameter) / 2,
                               width: Self.dotDiameter, height: Self.dotDiameter)
        }
    }

    // MARK: Tapping

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { !hidesDots && numberOfPages > 0 }

    /// A release inside the control moves one page toward the side of the
    /// current dot it was on.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, !hidesDots, numberOfPages > 0 else { return }
        let point = touch.location(in: self)
        guard bounds.contains(point) else { return }
        let current = dotsView.convert(dots[currentPage].frame, to: self)
        let page: Int
        if point.x < current.midX - Self.dotPitch / 2 {
            page = currentPage - 1
        } else if point.x > current.midX + Self.dotPitch / 2 {
            page = currentPage + 1
        } else {
            return
        }
        let target = pinned(page)
        guard target != currentPage else { return }
        currentPage = target
        sendActions(for: .valueChanged, with: event)
    }

    // MARK: Dots

    private var hidesDots: Bool { hidesForSinglePage && numberOfPages == 1 }

    private func pinned(_ page: Int) -> Int { min(max(page, 0), max(numberOfPages - 1, 0)) }

    private func rebuildDots() {
        while dots.count > numberOfPages { dots.removeLast().removeFromSuperview() }
        while dots.count < numberOfPages {
            let dot = UIView()
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = Self.dotDiameter / 2
            dotsView.addSubview(dot)
            dots.append(dot)
        }
        updateColors()
        setNeedsLayout()
    }

    private func updateColors() {
        let other = pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3)
        let current = currentPageIndicatorTintColor ?? .white
        for (index, dot) in dots.enumerated() { dot.backgroundColor = index == currentPage ? current : other }
    }
}
