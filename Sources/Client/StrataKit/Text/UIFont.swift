import CPango
import Foundation

/// UIKit's font: a typeface at a size. Faces come from fontconfig and are
/// named as UIKit names them (PostScript names, family names); Pango uses
/// the same request for shaping, with fontconfig's fallback for characters
/// the face lacks (an Arabic word in a Latin font gets an Arabic face).
open class UIFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The family asked for (a fontconfig family or alias such as "sans-serif").
    let requestedFamily: String
    /// OpenType weight, 100…900.
    let openTypeWeight: Int
    let isItalic: Bool
    /// fontconfig width (100 normal).
    let width: Int

    public let pointSize: CGFloat

    init(family: String, weight: Int, isItalic: Bool, width: Int = 100, size: CGFloat) {
        requestedFamily = family
        openTypeWeight = weight
        self.isItalic = isItalic
        self.width = width
        pointSize = max(0, size)
        pangoDescription = pango_font_description_new()
        pango_font_description_set_family(pangoDescription, family)
        pango_font_description_set_weight(pangoDescription, PangoWeight(UInt32(weight)))
        pango_font_description_set_style(pangoDescription, isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_stretch(pangoDescription, UIFont.stretch(forWidth: width))
        pango_font_description_set_absolute_size(pangoDescription, Double(pointSize) * Double(PANGO_SCALE))
    }

    /// A font by PostScript name ("DejaVuSans-Bold"), full family name
    /// ("DejaVu Sans") or fontconfig alias; nil when no installed font has it.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        let aliases = ["sans-serif", "serif", "monospace", "system-ui"]
        if let face = FontCatalog.faces(where: FC_POSTSCRIPT_NAME, is: fontName).first {
            self.init(family: face.family, weight: face.weight, isItalic: face.isItalic, width: face.width, size: fontSize)
        } else if aliases.contains(fontName) || !FontCatalog.faces(where: FC_FAMILY, is: fontName).isEmpty {
            self.init(family: fontName, weight: 400, isItalic: false, size: fontSize)
        } else {
            return nil
        }
    }

    /// The same face at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(family: requestedFamily, weight: openTypeWeight, isItalic: isItalic, width: width, size: fontSize)
    }

    // MARK: Names

    /// The face fontconfig resolves the request to.
    private lazy var resolvedFace: FontCatalog.Face? =
        FontCatalog.match(family: requestedFamily, weight: openTypeWeight, isItalic: isItalic, width: width)

    open var familyName: String { resolvedFace?.family ?? requestedFamily }
    open var fontName: String { resolvedFace?.postScriptName ?? requestedFamily }

    public var description: String { "UIFont(\(fontName) \(pointSize)pt)" }

    // MARK: Pango

    /// The Pango description (owned by the font): family, weight, style,
    /// stretch and an absolute size, so one point is one unit at 1×.
    let pangoDescription: OpaquePointer

    private static func stretch(forWidth width: Int) -> PangoStretch {
        let steps: [(Int, PangoStretch)] = [(50, PANGO_STRETCH_ULTRA_CONDENSED), (63, PANGO_STRETCH_EXTRA_CONDENSED),
                                            (75, PANGO_STRETCH_CONDENSED), (87, PANGO_STRETCH_SEMI_CONDENSED),
                                            (100, PANGO_STRETCH_NORMAL), (113, PANGO_STRETCH_SEMI_EXPANDED),
                                            (125, PANGO_STRETCH_EXPANDED), (150, PANGO_STRETCH_EXTRA_EXPANDED),
                                            (200, PANGO_STRETCH_ULTRA_EXPANDED)]
        return steps.min { abs($0.0 - width) < abs($1.0 - width) }!.1
    }

    deinit {
        pango_font_description_free(pangoDescription)
    }

    // MARK: Hashable

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.requestedFamily == rhs.requestedFamily && lhs.openTypeWeight == rhs.openTypeWeight
            && lhs.isItalic == rhs.isItalic && lhs.width == rhs.width && lhs.pointSize == rhs.pointSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(requestedFamily)
        hasher.combine(openTypeWeight)
        hasher.combine(isItalic)
        hasher.combine(pointSize)
    }
}
