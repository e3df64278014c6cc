import Foundation

/// The stepper's parts: a gray rounded background, a divider between the
/// halves, a darker rounded highlight under the pressed half, and the minus
/// and plus glyphs, dimmed on a half that cannot step or when disabled.
extension UIStepper {
    static let cornerRadius: CGFloat = 8
    /// UIKit's tertiarySystemFill, the background.
    static let backgroundFill = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
    static let pressedFill = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.24)
    static let dividerColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    static let disabledGlyphAlpha: CGFloat = 0.25

    func layoutParts() {
        let size = UIStepper.stepperSize
        background.frame = CGRect(origin: .zero, size: size)
        minusHighlight.frame = halfRect(-1)
        plusHighlight.frame = halfRect(1)
        divider.frame = CGRect(x: size.width / 2 - 0.5, y: 8, width: 1, height: size.height - 16)
        minusGlyph.frame = halfRect(-1)
        plusGlyph.frame = halfRect(1)
    }

    /// Shows which halves can step and which one is pressed.
    func updateHalves() {
        UIView.performWithoutAnimation {
            minusGlyph.alpha = isEnabled && canStep(-1) ? 1 : UIStepper.disabledGlyphAlpha
            plusGlyph.alpha = isEnabled && canStep(1) ? 1 : UIStepper.disabledGlyphAlpha
            minusHighlight.alpha = pressedDirection == -1 ? 1 : 0
            plusHighlight.alpha = pressedDirection == 1 ? 1 : 0
        }
    }
}
