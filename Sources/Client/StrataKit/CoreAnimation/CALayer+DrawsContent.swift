import Foundation

/// Whether a layer has anything to draw, so that layers and views that never
/// override a drawing method get no backing store (UIKit: a view without a
/// `draw(_:)` override does no drawing).
///
/// Swift on Linux has no method-identity lookup, so it is learned per class
/// during the first display pass: the inherited do-nothing implementations —
/// `CALayer.draw(in:)` without a delegate, `CALayerDelegate.draw(_:in:)`'s
/// default and `UIView.draw(_:)` (when it left the context blank, so an
/// override calling super is not mistaken; UIView+Drawing.swift) — report
/// that they ran, and the class of the drawer is remembered as one that does
/// not draw. Exactly `CALayer` without a delegate and exactly `UIView` are
/// known not to draw from the start.
extension CALayer {
    private static var nonDrawingClasses: Set<ObjectIdentifier> = []

    /// The class whose drawing method draws this layer.
    private var drawerClass: AnyClass {
        if let delegate { return type(of: delegate) }
        return type(of: self)
    }

    var drawsContent: Bool {
        if delegate == nil && type(of: self) == CALayer.self { return false }
        if let view = delegate as? UIView, type(of: view) == UIView.self { return false }
        return !CALayer.nonDrawingClasses.contains(ObjectIdentifier(drawerClass))
    }

    /// Called by an inherited do-nothing drawing method.
    func noteDrawIsInherited(by drawer: AnyClass) {
        CALayer.nonDrawingClasses.insert(ObjectIdentifier(drawer))
    }
}
