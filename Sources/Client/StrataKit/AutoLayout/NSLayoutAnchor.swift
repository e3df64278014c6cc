import Foundation

/// One attribute of a view or layout guide, to make constraints from. The
/// subclasses keep x positions, y positions and lengths apart, so that
/// only constraints that make sense type-check, as in UIKit.
open class NSLayoutAnchor<AnchorType: AnyObject>: CustomStringConvertible {
    weak var item: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: 0)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: c)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: 0)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: c)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: 0)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: c)
    }

    func constraint(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?,
                    multiplier: CGFloat = 1, constant: CGFloat) -> NSLayoutConstraint
    {
        guard let item else { preconditionFailure("NSLayoutAnchor: the anchor's view or guide is gone") }
        return NSLayoutConstraint(item: item, attribute: attribute, relatedBy: relation,
                                  toItem: anchor?.item, attribute: anchor?.attribute ?? .notAnAttribute,
                                  multiplier: multiplier, constant: constant)
    }

    public var description: String {
        "<\(type(of: self)):\(NSLayoutConstraint.address(self)) \"\(NSLayoutConstraint.describe(item)).\(attribute.name)\">"
    }
}

/// An x position: leading, trailing, left, right, centerX.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + systemSpacing × multiplier` (UIKit's standard 8 points between siblings).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }

    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }

    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }
}

/// A y position: top, bottom, centerY, the baselines.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + systemSpacing × multiplier`.
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }

    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }

    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, constant: NSLayoutConstraint.systemSpacing * multiplier)
    }
}

/// A length: width or height. Lengths can equal constants and multiples of
/// other lengths.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, nil, constant: c)
    }

    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, nil, constant: c)
    }

    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, nil, constant: c)
    }

    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, multiplier: m, constant: 0)
    }

    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, anchor, multiplier: m, constant: c)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, multiplier: m, constant: 0)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

extension NSLayoutConstraint {
    /// The standard space between sibling views.
    static let systemSpacing: CGFloat = 8
}

/// A view's anchors, as UIKit declares them on UIView.
extension UIView {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
}

/// A layout guide's anchors, as UIKit declares them on UILayoutGuide.
extension UILayoutGuide {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}
