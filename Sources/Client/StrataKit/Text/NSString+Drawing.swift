import Foundation

/// UIKit's string drawing and measuring for String and NSString, with
/// attributes applying to the whole string (NSStringDrawing.h).
extension String {
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self, attributes: attrs).size()
    }

    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(at: point)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self, attributes: attrs).draw(in: rect)
    }

    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        NSAttributedString(string: self, attributes: attributes).draw(with: rect, options: options, context: context)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }
}

extension NSString {
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attrs)
    }

    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attrs)
    }

    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attrs)
    }

    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        (self as String).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil,
                             context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
