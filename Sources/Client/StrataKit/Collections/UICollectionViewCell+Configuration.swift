import Foundation

/// Content and background configurations applied to a cell's views.
extension UICollectionViewCell {
    /// The configuration's view in `contentView`, filling it; a view that
    /// supports the new configuration takes it instead of a new one.
    func applyContentConfiguration() {
        guard let configuration = contentConfiguration?.updated(for: configurationState) else {
            contentConfigurationView?.removeFromSuperview()
            contentConfigurationView = nil
            return
        }
        if let view = contentConfigurationView, view.supports(configuration) {
            view.configuration = configuration
            return
        }
        contentConfigurationView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
        contentConfigurationView = view
    }

    func applyBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else { return }
        applyBackground(configuration.updated(for: configurationState))
    }

    /// A background configuration becomes the background view.
    func applyBackground(_ configuration: UIBackgroundConfiguration) {
        let view = configuredBackgroundView()
        view.backgroundColor = configuration.backgroundColor
        view.layer.cornerRadius = configuration.cornerRadius
        view.layer.borderWidth = configuration.strokeWidth
        view.layer.borderColor = configuration.strokeColor?.cgColor
        if let custom = configuration.customView, custom.superview !== view {
            view.subviews.forEach { $0.removeFromSuperview() }
            custom.frame = view.bounds
            custom.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(custom)
        }
    }

    private func configuredBackgroundView() -> UIView {
        if let view = backgroundView { return view }
        let view = UIView(frame: bounds)
        backgroundView = view
        return view
    }
}
