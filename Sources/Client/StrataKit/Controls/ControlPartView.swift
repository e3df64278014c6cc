import Foundation

/// A drawn part of a control (a track, a thumb, a spinner's wheel): see-
/// through around its shape, redrawn when its size changes, and never the
/// target of a touch, which goes to the control itself.
class ControlPartView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}
