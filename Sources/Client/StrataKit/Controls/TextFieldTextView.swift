import Foundation

/// A text field's shown text: as large as the field's text rect, it draws
/// the laid-out line from `textX` (negative when scrolled), vertically
/// centered on whole pixels as a label centers its text. Its backing store
/// stays the size of the field however long the text is; it redraws when
/// the text or its scroll position changes.
final class TextFieldTextView: ControlPartView {
    var layout: TextLayout? {
        didSet { if layout !== oldValue { setNeedsDisplay() } }
    }

    var textX: CGFloat = 0 {
        didSet { if textX != oldValue { setNeedsDisplay() } }
    }

    override func draw(_ rect: CGRect) {
        guard let layout, let context = UIGraphicsGetCurrentContext() else { return }
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        let top = ((bounds.height - layout.usedRect.height) / 2 * scale).rounded() / scale
        layout.draw(at: CGPoint(x: textX, y: top), in: context)
    }
}
