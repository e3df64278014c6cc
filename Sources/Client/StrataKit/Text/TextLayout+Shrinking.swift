import Foundation

extension TextLayout {
    /// The text laid out in `container`, its fonts scaled down as far as
    /// `minimumScaleFactor` when that lets all of it fit (a label's
    /// adjustsFontSizeToFitWidth, NSStringDrawingContext's
    /// minimumScaleFactor; 0 means no shrinking, as in UIKit); the scale
    /// used comes with it.
    static func shrinkingToFit(_ text: NSAttributedString, in container: TextContainer, defaults: TextAttributes,
                               minimumScaleFactor: CGFloat) -> (layout: TextLayout, scale: CGFloat) {
        let full = TextLayout(text, in: container, defaults: defaults)
        let smallest = minimumScaleFactor > 0 ? min(1, minimumScaleFactor) : 1
        guard smallest < 1, !full.isComplete else { return (full, 1) }

        // Unhinted advances scale with the font size, so the first guess is
        // the width ratio (when lines are too wide); smaller steps follow for
        // wrapping effects and heights.
        var scale: CGFloat = 1
        if let width = container.width {
            let natural = TextLayout(text, in: TextContainer(), defaults: defaults).usedRect.width
            if natural > width { scale = width / natural }
        }
        scale = max(smallest, min(0.97, scale))
        while true {
            let shrunk = TextLayout(scaling(text, by: scale), in: container, defaults: defaults.scaled(by: scale))
            if shrunk.isComplete || scale <= smallest { return (shrunk, scale) }
            scale = max(smallest, scale * 0.97)
        }
    }

    private static func scaling(_ text: NSAttributedString, by scale: CGFloat) -> NSAttributedString {
        let scaled = NSMutableAttributedString(attributedString: text)
        text.enumerateAttribute(.font, in: NSRange(location: 0, length: text.length)) { value, range, _ in
            guard let font = value as? UIFont else { return }
            scaled.addAttribute(.font, value: font.withSize(font.pointSize * scale), range: range)
        }
        return scaled
    }
}

extension TextAttributes {
    func scaled(by scale: CGFloat) -> TextAttributes {
        var scaled = self
        scaled.font = font.withSize(font.pointSize * scale)
        return scaled
    }
}
