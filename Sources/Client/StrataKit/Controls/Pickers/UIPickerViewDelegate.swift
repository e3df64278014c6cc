import Foundation

/// How a picker view's rows look and what happens when one is chosen. Every
/// method is optional, as in UIKit, through the default implementations
/// below; the row content comes from the first of `viewForRow`,
/// `attributedTitleForRow` and `titleForRow` the delegate implements.
public protocol UIPickerViewDelegate: AnyObject {
    /// Default: the picker's width shared equally by the components.
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    /// Default: 32 points.
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    /// `view` is a row view this method returned before that scrolled out
    /// of sight; return it reconfigured, or a new view.
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView
    /// The user brought `row` to rest in the selection band (not sent for
    /// `selectRow(_:inComponent:animated:)`).
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        UIPickerView.automaticComponentWidth
    }

    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat {
        UIPickerView.defaultRowHeight
    }

    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }

    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int,
                           forComponent component: Int) -> NSAttributedString? { nil }

    /// The standard row: a centered label with the attributed title, or else the title.
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int,
                           reusing view: UIView?) -> UIView {
        let label = (view as? PickerTitleLabel) ?? PickerTitleLabel()
        if let attributed = self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = attributed
        } else {
            label.text = self.pickerView(pickerView, titleForRow: row, forComponent: component)
        }
        return label
    }

    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// The label of a standard row: centered, 21-point system font.
final class PickerTitleLabel: UILabel {
    override init(frame: CGRect) {
        super.init(frame: frame)
        font = .systemFont(ofSize: 21)
        textAlignment = .center
        textColor = .label
    }

    required init?(coder: NSCoder) { nil }
}
