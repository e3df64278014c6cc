import Foundation

/// A text field's border, drawn for its style: none, a black line, a bezel
/// (a grey frame darker along the top), or a white rounded rect with a
/// light grey edge. Redrawn only when the style or the size changes.
final class TextFieldBorderView: ControlPartView {
    var style: UITextField.BorderStyle = .none {
        didSet {
            isHidden = style == .none
            if style != oldValue { setNeedsDisplay() }
        }
    }

    static let roundedCornerRadius: CGFloat = 5

    override func draw(_ rect: CGRect) {
        let frame = bounds.insetBy(dx: 0.5, dy: 0.5)
        switch style {
        case .none:
            break
        case .line:
            UIColor.black.setStroke()
            stroke(UIBezierPath(rect: frame))
        case .bezel:
            UIColor.white.setFill()
            UIBezierPath(rect: bounds).fill()
            UIColor.gray.setStroke()
            stroke(UIBezierPath(rect: frame))
            let top = UIBezierPath()
            top.move(to: CGPoint(x: bounds.minX, y: bounds.minY + 1.5))
            top.addLine(to: CGPoint(x: bounds.maxX, y: bounds.minY + 1.5))
            UIColor.darkGray.setStroke()
            stroke(top)
        case .roundedRect:
            let path = UIBezierPath(roundedRect: frame, cornerRadius: TextFieldBorderView.roundedCornerRadius)
            UIColor.white.setFill()
            path.fill()
            UIColor(white: 0, alpha: 0.2).setStroke()
            stroke(path)
        }
    }

    private func stroke(_ path: UIBezierPath) {
        path.lineWidth = 1
        path.stroke()
    }
}
