import Foundation

/// Paragraph attributes (the value of `.paragraphStyle`), immutable as in
/// UIKit; NSMutableParagraphStyle can change them. Defaults are UIKit's:
/// natural alignment, word wrapping, no extra spacing and no indents.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    struct Values: Equatable, Hashable {
        var alignment = NSTextAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
    }
    var values = Values()

    open var alignment: NSTextAlignment { values.alignment }
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// Points between the bottom of one line and the top of the next.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Points added after each paragraph.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// The leading indent of a paragraph's first line.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// The leading indent of the paragraph's other lines.
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: the lines' width from the leading margin; zero or negative:
    /// the distance from the trailing margin.
    open var tailIndent: CGFloat { values.tailIndent }

    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public override init() {}

    init(values: Values) {
        self.values = values
    }

    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(values: values) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(values: values) }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.values == values
    }

    open override var hash: Int { values.hashValue }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = max(0, newValue) }
    }
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = max(0, newValue) }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = max(0, newValue) }
    }
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = max(0, newValue) }
    }
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue }
    }

    /// Takes every attribute of `other`.
    open func setParagraphStyle(_ other: NSParagraphStyle) {
        values = other.values
    }
}
