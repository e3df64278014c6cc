import Foundation
import StrataKit

// A profile screen written as UIKit code is written today: a scene
// delegate that makes the window, views made in code with
// translatesAutoresizingMaskIntoConstraints = false, anchors activated
// together, stack views nested three deep, the safe area, layout margins
// and keyboard guides, and the dynamic system colors, so the same code
// draws in light and dark appearance (STRATA_APPEARANCE=dark, or `strata
// run --appearance dark`). Only the import differs from iOS (and the
// delegates are final: Swift makes them from their class only so).

/// A number over its caption, centered.
final class StatView: UIStackView {
    init(value: String, caption: String) {
        super.init(frame: .zero)
        axis = .vertical
        alignment = .center
        spacing = 2

        let valueLabel = UILabel()
        valueLabel.text = value
        valueLabel.font = .boldSystemFont(ofSize: 20)
        valueLabel.textColor = .label

        let captionLabel = UILabel()
        captionLabel.text = caption
        captionLabel.font = .systemFont(ofSize: 12)
        captionLabel.textColor = .secondaryLabel

        addArrangedSubview(valueLabel)
        addArrangedSubview(captionLabel)
    }

    required init(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class ProfileViewController: UIViewController {
    private let avatarView = UIView()
    private let nameLabel = UILabel()
    private let handleLabel = UILabel()
    private let bioLabel = UILabel()
    private let followButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        avatarView.backgroundColor = .systemIndigo
        avatarView.translatesAutoresizingMaskIntoConstraints = false

        nameLabel.text = "Ada Lovelace"
        nameLabel.font = .boldSystemFont(ofSize: 22)
        nameLabel.textColor = .label

        handleLabel.text = "@ada · Analyst"
        handleLabel.font = .systemFont(ofSize: 14)
        handleLabel.textColor = .secondaryLabel

        let titles = UIStackView(arrangedSubviews: [nameLabel, handleLabel])
        titles.axis = .vertical
        titles.spacing = 4

        let header = UIStackView(arrangedSubviews: [avatarView, titles])
        header.axis = .horizontal
        header.alignment = .center
        header.spacing = 16

        bioLabel.text = "Wrote the first program for the Analytical Engine, and saw that it could compose music."
        bioLabel.numberOfLines = 0
        bioLabel.font = .systemFont(ofSize: 15)
        bioLabel.textColor = .label

        let stats = UIStackView(arrangedSubviews: [StatView(value: "1843", caption: "Notes"),
                                                   StatView(value: "25", caption: "Pages"),
                                                   StatView(value: "7", caption: "Tables")])
        stats.axis = .horizontal
        stats.distribution = .fillEqually
        stats.isLayoutMarginsRelativeArrangement = true
        stats.layoutMargins = UIEdgeInsets(top: 12, left: 0, bottom: 12, right: 0)
        stats.backgroundColor = .secondarySystemBackground

        let notifyLabel = UILabel()
        notifyLabel.text = "Notify me of new notes"
        notifyLabel.textColor = .label
        let notifySwitch = UISwitch()
        notifySwitch.isOn = true
        let notifyRow = UIStackView(arrangedSubviews: [notifyLabel, notifySwitch])
        notifyRow.alignment = .center
        notifyRow.spacing = 8

        let content = UIStackView(arrangedSubviews: [header, bioLabel, stats, notifyRow])
        content.axis = .vertical
        content.spacing = 16
        content.setCustomSpacing(24, after: bioLabel)
        content.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(content)

        followButton.setTitle("Follow", for: .normal)
        followButton.backgroundColor = .systemBlue
        followButton.setTitleColor(.white, for: .normal)
        followButton.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(followButton)

        let margins = view.layoutMarginsGuide
        NSLayoutConstraint.activate([
            avatarView.widthAnchor.constraint(equalToConstant: 64),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),

            content.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
            content.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: margins.trailingAnchor),

            followButton.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            followButton.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            followButton.heightAnchor.constraint(equalToConstant: 44),
            followButton.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -16),
            followButton.topAnchor.constraint(greaterThanOrEqualTo: content.bottomAnchor, constant: 16),
        ])
    }
}

@main
final class ProfileAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = ProfileSceneDelegate.self
        return configuration
    }
}

/// The window is made where the current Xcode templates make it; made
/// without a frame, it fills the screen (here: maximized on the output).
final class ProfileSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: windowScene)
        window.title = "Profile"
        window.rootViewController = ProfileViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}
