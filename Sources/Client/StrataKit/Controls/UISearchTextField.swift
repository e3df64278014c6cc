import Foundation

/// The text field inside a search bar (`UISearchBar.searchTextField`): a
/// pale rounded field with a magnifying glass before the text and a clear
/// button while editing. Tokens are left out.
open class UISearchTextField: UITextField {
    static let cornerRadius: CGFloat = 10

    public override init(frame: CGRect) {
        super.init(frame: frame)
        borderStyle = .none
        backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        layer.cornerRadius = UISearchTextField.cornerRadius
        clipsToBounds = true
        leftView = SearchGlyphView(frame: CGRect(x: 0, y: 0, width: 28, height: 20))
        leftViewMode = .always
        clearButtonMode = .whileEditing
        returnKeyType = .search
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}

/// A magnifying glass in the secondary label grey: a ring and a handle,
/// drawn once.
final class SearchGlyphView: ControlPartView {
    override func draw(_ rect: CGRect) {
        let ring = CGRect(x: bounds.midX - 6, y: bounds.midY - 7, width: 11, height: 11)
        let path = UIBezierPath(ovalIn: ring)
        path.move(to: CGPoint(x: ring.maxX - 1.6, y: ring.maxY - 1.6))
        path.addLine(to: CGPoint(x: ring.maxX + 3, y: ring.maxY + 3))
        path.lineWidth = 2
        UIColor.secondaryLabel.setStroke()
        path.stroke()
    }
}
