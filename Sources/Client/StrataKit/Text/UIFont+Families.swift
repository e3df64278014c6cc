import CPango
import Foundation

/// The installed families and faces, as fontconfig lists them.
extension UIFont {
    public class var familyNames: [String] {
        Array(Set(FontCatalog.faces().map(\.family))).sorted()
    }

    /// The PostScript names of the family's faces.
    public class func fontNames(forFamilyName familyName: String) -> [String] {
        Array(Set(FontCatalog.faces(where: FC_FAMILY, is: familyName).map(\.postScriptName))).sorted()
    }
}
