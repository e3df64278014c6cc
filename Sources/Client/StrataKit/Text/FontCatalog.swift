import CPango
import Foundation

/// The installed fonts, as fontconfig lists them: families, faces by
/// PostScript name, and the face a request resolves to.
enum FontCatalog {
    /// A face as fontconfig describes it.
    struct Face: Equatable {
        var family: String
        var postScriptName: String
        /// OpenType weight (100 thin … 400 regular … 900 black).
        var weight: Int
        var isItalic: Bool
        /// fontconfig width (100 normal, 75 condensed, …).
        var width: Int
    }

    /// Every face whose `property` (an FC_* name) equals `value`, or all faces.
    static func faces(where property: String? = nil, is value: String? = nil) -> [Face] {
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        if let property, let value {
            addString(pattern, property, value)
        }
        let objects = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FAMILY, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT, FC_WIDTH] { FcObjectSetAdd(objects, name) }
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        return (0..<Int(list.pointee.nfont)).compactMap { face(from: list.pointee.fonts[$0]) }
    }

    /// The face fontconfig picks for `family` with `weight`, `italic` and
    /// `width`, as Pango would for the first font of a run.
    static func match(family: String, weight: Int, isItalic: Bool, width: Int) -> Face? {
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        addString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WIDTH, Int32(width))
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return face(from: matched)
    }

    private static func face(from pattern: OpaquePointer?) -> Face? {
        guard let pattern, let family = string(pattern, FC_FAMILY) else { return nil }
        var weight: Int32 = 80, slant: Int32 = FC_SLANT_ROMAN, width: Int32 = 100
        FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
        FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        FcPatternGetInteger(pattern, FC_WIDTH, 0, &width)
        return Face(family: family, postScriptName: string(pattern, FC_POSTSCRIPT_NAME) ?? family,
                    weight: Int(FcWeightToOpenType(weight)), isItalic: slant != FC_SLANT_ROMAN, width: Int(width))
    }

    private static func addString(_ pattern: OpaquePointer, _ property: String, _ value: String) {
        value.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
            _ = FcPatternAddString(pattern, property, $0)
        } }
    }

    private static func string(_ pattern: OpaquePointer, _ property: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, property, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
