import Foundation
import StrataKit

/// The first screen: grouped rows in a scroll view, under "Settings".
final class SettingsViewController: UIViewController, UITextFieldDelegate {
    private let scrollView = UIScrollView()
    private var rows: [UIView] = []
    private let brightnessValue = UILabel()

    override func viewDidLoad() {
        title = "Settings"
        view.backgroundColor = .systemGroupedBackground
        scrollView.alwaysBounceVertical = true
        view.addSubview(scrollView)

        let wifi = UISwitch()
        wifi.isOn = true
        wifi.addTarget(self, action: SettingsViewController.wifiChanged, for: .valueChanged)
        let slider = UISlider()
        slider.value = 0.6
        slider.addTarget(self, action: SettingsViewController.brightnessChanged, for: .valueChanged)
        brightnessValue.text = "60 %"
        let name = UITextField()
        name.placeholder = "Your name"
        name.borderStyle = .roundedRect
        name.clearButtonMode = .whileEditing
        name.delegate = self

        rows = [
            SettingsRow.header("Connections"),
            SettingsRow(title: "Wi-Fi", accessory: wifi),
            SettingsRow(title: "Bluetooth", detail: "On"),
            SettingsRow.header("Display"),
            SettingsRow(title: "Brightness", accessory: brightnessValue),
            SettingsRow(slider: slider),
            SettingsRow.header("About you"),
            SettingsRow(field: name),
            SettingsRow.header("Language · اللغة · भाषा · 语言"),
            SettingsRow(title: "English", detail: "✓"),
            SettingsRow(title: "العربية", detail: "Arabic"),
            SettingsRow(title: "हिन्दी", detail: "Hindi"),
            SettingsRow(title: "中文", detail: "Chinese"),
            SettingsRow.header("Time zone"),
            SettingsRow(title: "All Cities", detail: "300 ›", action: { [weak self] in self?.showCities() }),
        ]
        for row in rows { scrollView.addSubview(row) }

        toolbarItems = [UIBarButtonItem(barButtonSystemItem: .refresh, target: nil, action: nil), .flexibleSpace(),
                        UIBarButtonItem(title: "About", style: .plain, target: nil, action: nil), .flexibleSpace(),
                        UIBarButtonItem(barButtonSystemItem: .search, target: nil, action: nil)]
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Under the bars, as in UIKit: the scroll view adds the safe area to its insets itself.
        scrollView.frame = view.bounds
        var y: CGFloat = 0
        for row in rows {
            row.frame = CGRect(x: 0, y: y, width: view.bounds.width, height: row.intrinsicContentSize.height)
            y += row.frame.height
        }
        scrollView.contentSize = CGSize(width: view.bounds.width, height: y + 16)
    }

    private func wifiChanged(_ sender: UISwitch) {
        print("wi-fi \(sender.isOn ? "on" : "off")")
        fflush(stdout)
    }

    private func brightnessChanged(_ sender: UISlider) {
        brightnessValue.text = "\(Int((sender.value * 100).rounded())) %"
        brightnessValue.sizeToFit()
        brightnessValue.superview?.setNeedsLayout()
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        print("name: \(textField.text ?? "")")
        fflush(stdout)
        textField.resignFirstResponder()
        return true
    }

    private func showCities() {
        navigationController?.pushViewController(CitiesViewController(), animated: true)
    }
}
