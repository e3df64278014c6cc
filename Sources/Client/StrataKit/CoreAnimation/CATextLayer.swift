import Foundation

/// How a CATextLayer truncates a line too long for its bounds (CATextLayerTruncationMode).
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a CATextLayer aligns its lines (CATextLayerAlignmentMode).
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Core Animation's text layer: the app draws its string with the text
/// system into the layer's contents, which the compositor shows like any
/// other. As in Core Animation, the contents are drawn at `contentsScale`
/// (1 unless set; set it to the screen's scale for crisp text).
open class CATextLayer: CALayer {
    /// A String or an NSAttributedString (whose attributes are used as they are).
    open var string: Any? { didSet { setNeedsDisplay() } }
    /// A UIFont, or a font's name as a String; the size comes from `fontSize`.
    open var font: Any? { didSet { setNeedsDisplay() } }
    /// 36 by default, as Core Animation.
    open var fontSize: CGFloat = 36 { didSet { if fontSize != oldValue { setNeedsDisplay() } } }
    /// Opaque white by default, as Core Animation.
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { setNeedsDisplay() } }
    /// Whether lines wrap at the bounds' width (false: one line).
    open var isWrapped = false { didSet { if isWrapped != oldValue { setNeedsDisplay() } } }
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { if truncationMode != oldValue { setNeedsDisplay() } } }
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { if alignmentMode != oldValue { setNeedsDisplay() } } }
    /// Kept for code that sets it; glyph positions are not quantized differently.
    open var allowsFontSubpixelQuantization = false

    /// The string is laid out again at a new size (as needsDisplayOnBoundsChange would, without recording a change).
    open override var bounds: CGRect {
        didSet { if bounds.size != oldValue.size { setNeedsDisplay() } }
    }

    /// The string with the layer's font, size, color and modes applied (an
    /// attributed string keeps its own attributes).
    var attributedString: NSAttributedString? {
        if let attributed = string as? NSAttributedString { return attributed }
        guard let text = string.map({ "\($0)" }) else { return nil }
        let style = NSMutableParagraphStyle()
        switch alignmentMode {
        case .left: style.alignment = .left
        case .right: style.alignment = .right
        case .center: style.alignment = .center
        case .justified: style.alignment = .justified
        default: style.alignment = .natural
        }
        switch truncationMode {
        case .start: style.lineBreakMode = .byTruncatingHead
        case .middle: style.lineBreakMode = .byTruncatingMiddle
        case .end: style.lineBreakMode = .byTruncatingTail
        default: style.lineBreakMode = isWrapped ? .byWordWrapping : .byClipping
        }
        var attributes: [NSAttributedString.Key: Any] = [.font: resolvedFont, .paragraphStyle: style]
        if let foregroundColor { attributes[.foregroundColor] = UIColor(cgColor: foregroundColor) }
        return NSAttributedString(string: text, attributes: attributes)
    }

    private var resolvedFont: UIFont {
        if let font = font as? UIFont { return font.withSize(fontSize) }
        if let name = font as? String, let named = UIFont(name: name, size: fontSize) { return named }
        return UIFont.systemFont(ofSize: fontSize)
    }

    open override func draw(in ctx: CGContext) {
        guard let text = attributedString else { return }
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        if isWrapped {
            text.draw(with: bounds, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
            return
        }
        // One line: truncated within the width when asked, else whole, placed by the alignment.
        let size = text.size()
        if truncationMode != .none && size.width > bounds.width {
            text.draw(with: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: size.height.rounded(.up)),
                      options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
            return
        }
        var x = bounds.minX
        switch alignmentMode {
        case .center: x += (bounds.width - size.width) / 2
        case .right: x += bounds.width - size.width
        default: break
        }
        text.draw(at: CGPoint(x: x, y: bounds.minY))
    }
}
