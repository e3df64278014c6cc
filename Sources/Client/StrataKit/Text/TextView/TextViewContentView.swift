import Foundation

/// A text view's text: as wide as the view and as tall as its content,
/// it draws the laid-out text from `textOrigin` and scrolls with the
/// content (the scroll view moves it by its bounds, nothing is redrawn).
/// It redraws when the text or its layout changes. It takes no touches:
/// they go to the text view.
final class TextViewContentView: UIView {
    var layout: TextLayout? {
        didSet { if layout !== oldValue { setNeedsDisplay() } }
    }

    var textOrigin: CGPoint = .zero {
        didSet { if textOrigin != oldValue { setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func draw(_ rect: CGRect) {
        guard let layout, let context = UIGraphicsGetCurrentContext() else { return }
        layout.draw(at: textOrigin, in: context)
    }
}
