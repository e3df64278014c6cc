import Foundation

/// `adjustsFontSizeToFitWidth`: "the text field reduces the font size as
/// needed (down to minimumFontSize) to fit the text in the bounds". Every
/// font of the text is scaled by the same factor, so styled text keeps its
/// proportions; text that does not fit even at the minimum scrolls.
extension UITextField {
    /// The floor when `minimumFontSize` is 0.
    public static let smallestFittedFontSize: CGFloat = 4

    /// Finds the size that fits `width` (sizes step by half a point) and
    /// shows the text at it when it changed.
    func fitFontSize(toWidth width: CGFloat) {
        var fitted: CGFloat?
        if adjustsFontSizeToFitWidth, let font {
            let natural = TextLayout(unfittedDisplayText, in: TextContainer(),
                                     defaults: TextAttributes(font: font, foregroundColor: textColor!, paragraphStyle: .default))
                .usedRect.width
            let room = width - UITextField.caretWidth
            if natural > room, natural > 0 {
                let smallest = minimumFontSize > 0 ? minimumFontSize : UITextField.smallestFittedFontSize
                let scaled = ((font.pointSize * room / natural) * 2).rounded(.down) / 2
                fitted = min(font.pointSize, max(smallest, scaled))
            }
        }
        guard fitted != fittedFontSize else { return }
        fittedFontSize = fitted
        cachedDisplayLayout = nil
    }

    /// The text with each of its fonts scaled so that `font` would be `size` points.
    func scaled(_ text: NSAttributedString, to size: CGFloat) -> NSAttributedString {
        guard let font, font.pointSize > 0 else { return text }
        let factor = size / font.pointSize
        let result = NSMutableAttributedString(attributedString: text)
        let whole = NSRange(location: 0, length: text.length)
        result.addAttribute(.font, value: font.withSize(size), range: whole)
        text.enumerateAttribute(.font, in: whole) { value, range, _ in
            guard let own = value as? UIFont else { return }
            result.addAttribute(.font, value: own.withSize(own.pointSize * factor), range: range)
        }
        return result
    }
}
