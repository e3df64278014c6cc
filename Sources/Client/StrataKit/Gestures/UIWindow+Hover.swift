import Foundation

/// The hover recognizers under the pointer. Motion with no button down
/// reaches the UIHoverGestureRecognizers of the view under the pointer
/// and of its ancestors: those newly under it begin, those still under it
/// change, those no longer under it end. A press neither moves nor ends a
/// hover; the pointer leaving the window ends them all.
extension UIWindow {
    func pointerHovered(at location: CGPoint) {
        var under: [UIHoverGestureRecognizer] = []
        var node = hitTest(location, with: nil)
        while let view = node {
            for case let hover as UIHoverGestureRecognizer in view.attachedGestureRecognizers where hover.isEnabled {
                under.append(hover)
            }
            node = view.superview
        }
        for old in input.hoverRecognizers where !under.contains(where: { $0 === old }) { old.pointerLeft() }
        input.hoverRecognizers = under
        for hover in under { hover.pointerHovered(at: location, in: self) }
    }

    /// The pointer left the window.
    func endHovering() {
        let hovers = input.hoverRecognizers
        input.hoverRecognizers = []
        for hover in hovers { hover.pointerLeft() }
    }
}
