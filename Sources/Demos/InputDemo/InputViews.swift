import StrataKit

/// A card that follows the finger (or the pointer with the button held):
/// a pan recognizer moves its center by the translation, then zeroes it,
/// the usual UIKit idiom.
final class CardView: UIView {
    let name: String
    var onMoved: ((CardView) -> Void)?

    init(name: String, frame: CGRect, color: UIColor) {
        self.name = name
        super.init(frame: frame)
        backgroundColor = color
        addGestureRecognizer(UIPanGestureRecognizer(target: self, action: CardView.handlePan))
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let superview else { return }
        if pan.state == .began { superview.bringSubviewToFront(self) }
        let translation = pan.translation(in: superview)
        center = CGPoint(x: center.x + translation.x, y: center.y + translation.y)
        pan.setTranslation(.zero, in: superview)
        if pan.state == .ended { onMoved?(self) }
    }
}

/// A switch-like control: a pill whose knob slides over when it is
/// tapped (`.touchUpInside`), and which sends `.valueChanged`.
final class ToggleControl: UIControl {
    private let knob = UIView()

    var isOn = false {
        didSet { layOutKnob() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.masksToBounds = true
        knob.backgroundColor = .white
        knob.isUserInteractionEnabled = false
        addSubview(knob)
        addTarget(self, action: ToggleControl.flip, for: .touchUpInside)
        layOutKnob()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func flip() {
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    override var isHighlighted: Bool {
        didSet { alpha = isHighlighted ? 0.7 : 1 }
    }

    private func layOutKnob() {
        let inset: CGFloat = 3, side = bounds.height - inset * 2
        knob.frame = CGRect(x: isOn ? bounds.width - inset - side : inset, y: inset, width: side, height: side)
        backgroundColor = isOn ? UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1) : UIColor(white: 0.78, alpha: 1)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layOutKnob()
    }
}

/// A "photo" that pinches and rotates: both recognizers run at once (the
/// delegate allows it), and each folds its change into the transform.
final class PhotoView: UIView, UIGestureRecognizerDelegate {
    var onTransformed: ((PhotoView) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        let pinch = UIPinchGestureRecognizer(target: self, action: PhotoView.handlePinch)
        let rotation = UIRotationGestureRecognizer(target: self, action: PhotoView.handleRotation)
        pinch.delegate = self
        rotation.delegate = self
        addGestureRecognizer(pinch)
        addGestureRecognizer(rotation)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// A landscape: sky, sun and hills, drawn once.
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor(red: 0.45, green: 0.7, blue: 0.95, alpha: 1).cgColor)
        context.fill(bounds)
        context.setFillColor(UIColor(red: 1, green: 0.85, blue: 0.3, alpha: 1).cgColor)
        context.fillEllipse(in: CGRect(x: bounds.width * 0.62, y: bounds.height * 0.12, width: bounds.width * 0.2, height: bounds.width * 0.2))
        context.setFillColor(UIColor(red: 0.2, green: 0.55, blue: 0.25, alpha: 1).cgColor)
        context.fillEllipse(in: CGRect(x: -bounds.width * 0.3, y: bounds.height * 0.55, width: bounds.width * 1.0, height: bounds.height * 0.9))
        context.setFillColor(UIColor(red: 0.15, green: 0.45, blue: 0.2, alpha: 1).cgColor)
        context.fillEllipse(in: CGRect(x: bounds.width * 0.3, y: bounds.height * 0.65, width: bounds.width * 1.0, height: bounds.height * 0.8))
    }

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        transform = transform.scaledBy(x: pinch.scale, y: pinch.scale)
        pinch.scale = 1
        if pinch.state == .ended { onTransformed?(self) }
    }

    func handleRotation(_ rotation: UIRotationGestureRecognizer) {
        transform = transform.rotated(by: rotation.rotation)
        rotation.rotation = 0
        if rotation.state == .ended { onTransformed?(self) }
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        true
    }
}

/// A text field-like view: a tap makes it first responder, and as a
/// `UIKeyInput` it takes typed text and backspace. The text is drawn in a
/// dot-matrix font; a caret shows while it is first responder.
final class TypingPad: UIView, UIKeyInput {
    private(set) var text = "" {
        didSet { setNeedsDisplay() }
    }
    var onChange: ((String) -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: TypingPad.focus))
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func focus() { _ = becomeFirstResponder() }

    override var canBecomeFirstResponder: Bool { true }

    override func becomeFirstResponder() -> Bool {
        defer { setNeedsDisplay() }
        return super.becomeFirstResponder()
    }

    override func resignFirstResponder() -> Bool {
        defer { setNeedsDisplay() }
        return super.resignFirstResponder()
    }

    var hasText: Bool { !text.isEmpty }

    func insertText(_ text: String) {
        // A single-line field: Return ends editing.
        if text == "\n" { _ = resignFirstResponder(); return }
        self.text += text
        onChange?(self.text)
    }

    func deleteBackward() {
        guard !text.isEmpty else { return }
        text.removeLast()
        onChange?(text)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let dot: CGFloat = 3, inset: CGFloat = 10
        let origin = CGPoint(x: inset, y: (bounds.height - CGFloat(DotMatrixFont.rows) * dot) / 2)
        context.setStrokeColor(UIColor(white: isFirstResponder ? 0.2 : 0.7, alpha: 1).cgColor)
        context.setLineWidth(2)
        context.stroke(bounds.insetBy(dx: 1, dy: 1))
        context.setFillColor(UIColor(white: 0.1, alpha: 1).cgColor)
        DotMatrixFont.draw(text, at: origin, dot: dot, in: context)
        if isFirstResponder {
            context.setFillColor(UIColor(red: 0, green: 0.48, blue: 1, alpha: 1).cgColor)
            context.fill(CGRect(x: origin.x + DotMatrixFont.width(of: text, dot: dot), y: origin.y - 2,
                                width: 2, height: CGFloat(DotMatrixFont.rows) * dot + 4))
        }
    }
}
