import CPango
import Foundation

/// An attributed string's runs as a Pango attribute list over its UTF-8
/// bytes (attributed strings count UTF-16 units, Pango counts bytes).
enum PangoAttributeList {
    /// The list for `string` (owned by the caller: pango_attr_list_unref).
    /// Runs without a font or color get `defaults`' so every byte has both.
    static func make(for string: NSAttributedString, defaults: TextAttributes) -> OpaquePointer {
        let list = pango_attr_list_new()!
        let text = string.string
        // byteOffsets[i]: the UTF-8 offset of UTF-16 offset i.
        var byteOffsets: [UInt32] = []
        byteOffsets.reserveCapacity(string.length + 1)
        var bytes: UInt32 = 0
        for scalar in text.unicodeScalars {
            for _ in 0..<scalar.utf16.count { byteOffsets.append(bytes) }
            bytes += UInt32(scalar.utf8.count)
        }
        byteOffsets.append(bytes)

        string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
            let start = byteOffsets[range.location], end = byteOffsets[range.location + range.length]
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
            insert(pango_attr_font_desc_new(defaults.font(in: attributes).pangoDescription))
            let isLink = attributes[.link] != nil
            let foreground = attributes[.foregroundColor] as? UIColor ?? (isLink ? .link : defaults.foregroundColor)
            for attribute in colorAttributes(foreground, pango_attr_foreground_new, pango_attr_foreground_alpha_new) {
                insert(attribute)
            }
            if let background = attributes[.backgroundColor] as? UIColor {
                for attribute in colorAttributes(background, pango_attr_background_new, pango_attr_background_alpha_new) {
                    insert(attribute)
                }
            }
            if let kern = number(attributes[.kern]), kern != 0 {
                insert(pango_attr_letter_spacing_new(TextSystem.units(kern)))
            }
            if let underline = style(attributes[.underlineStyle]), underline.rawValue != 0 {
                insert(pango_attr_underline_new(underline.contains(.double) ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
            }
            if let strikethrough = style(attributes[.strikethroughStyle]), strikethrough.rawValue != 0 {
                insert(pango_attr_strikethrough_new(1))
            }
        }
        return list
    }

    /// A color attribute and, when it is translucent, its alpha attribute.
    private static func colorAttributes(
        _ color: UIColor,
        _ makeColor: (UInt16, UInt16, UInt16) -> UnsafeMutablePointer<PangoAttribute>?,
        _ makeAlpha: (UInt16) -> UnsafeMutablePointer<PangoAttribute>?
    ) -> [UnsafeMutablePointer<PangoAttribute>?] {
        let c = color.cgColor.rgba
        func channel(_ value: CGFloat) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
        var attributes = [makeColor(channel(c.red), channel(c.green), channel(c.blue))]
        if c.alpha < 1 { attributes.append(makeAlpha(channel(c.alpha))) }
        return attributes
    }

    /// UIKit takes numbers for these attributes as any numeric type.
    private static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let value as CGFloat: return value
        case let value as Double: return CGFloat(value)
        case let value as Float: return CGFloat(value)
        case let value as Int: return CGFloat(value)
        case let value as NSNumber: return CGFloat(value.doubleValue)
        default: return nil
        }
    }

    private static func style(_ value: Any?) -> NSUnderlineStyle? {
        if let style = value as? NSUnderlineStyle { return style }
        return number(value).map { NSUnderlineStyle(rawValue: Int($0)) }
    }
}
