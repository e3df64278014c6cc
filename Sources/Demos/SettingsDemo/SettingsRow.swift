import Foundation
import StrataKit

/// One row of the settings screen: a title with a detail or an accessory
/// view at the trailing edge, a control spanning the row, or a section header.
final class SettingsRow: UIView {
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()
    private var accessory: UIView?
    private var spanning: UIView?
    private var action: (() -> Void)?
    private var isHeader = false

    convenience init(title: String, detail: String? = nil, accessory: UIView? = nil, action: (() -> Void)? = nil) {
        self.init(frame: .zero)
        titleLabel.text = title
        detailLabel.text = detail
        detailLabel.textColor = .secondaryLabel
        self.accessory = accessory
        self.action = action
        backgroundColor = .white
        addSubview(titleLabel)
        if detail != nil { addSubview(detailLabel) }
        if let accessory { addSubview(accessory) }
        if action != nil { addGestureRecognizer(UITapGestureRecognizer(target: self, action: SettingsRow.tapped)) }
    }

    convenience init(slider: UISlider) {
        self.init(frame: .zero)
        backgroundColor = .white
        spanning = slider
        addSubview(slider)
    }

    convenience init(field: UITextField) {
        self.init(frame: .zero)
        backgroundColor = .white
        spanning = field
        addSubview(field)
    }

    static func header(_ text: String) -> SettingsRow {
        let row = SettingsRow(frame: .zero)
        row.isHeader = true
        row.titleLabel.text = text.uppercased()
        row.titleLabel.font = .systemFont(ofSize: 13)
        row.titleLabel.textColor = .secondaryLabel
        row.addSubview(row.titleLabel)
        return row
    }

    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: isHeader ? 40 : 44) }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = 16
        if let spanning {
            spanning.frame = bounds.insetBy(dx: inset, dy: 6)
            return
        }
        titleLabel.sizeToFit()
        titleLabel.frame.origin = CGPoint(x: inset, y: isHeader ? bounds.height - titleLabel.frame.height - 6
                                                                  : (bounds.height - titleLabel.frame.height) / 2)
        var trailing = bounds.width - inset
        if let accessory {
            if accessory is UILabel { accessory.sizeToFit() }
            let size = accessory.bounds.size
            accessory.frame.origin = CGPoint(x: trailing - size.width, y: (bounds.height - size.height) / 2)
            trailing -= size.width + 8
        }
        if detailLabel.superview != nil {
            detailLabel.sizeToFit()
            detailLabel.frame.origin = CGPoint(x: trailing - detailLabel.frame.width, y: (bounds.height - detailLabel.frame.height) / 2)
        }
    }

    override func draw(_ rect: CGRect) {
        guard !isHeader else { return }
        // A hairline under the row, inset like the title.
        UIColor.separator.setFill()
        UIRectFill(CGRect(x: 16, y: bounds.height - 0.5, width: bounds.width - 16, height: 0.5))
    }

    private func tapped() { action?() }
}
