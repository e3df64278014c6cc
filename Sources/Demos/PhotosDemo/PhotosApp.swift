import Foundation
import StrataKit

// The View Programming Guide for iOS, Figure 1-1: a window whose root view
// controller's view holds a container view, an image view and a toolbar.
// Written as it would be for iOS; only the import differs.

/// A bar of buttons along the bottom, in the manner of UIToolbar.
final class ToolbarView: UIView {
    private let buttons: [UIView]

    override init(frame: CGRect) {
        buttons = (0..<4).map { _ in UIView(frame: .zero) }
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.97, alpha: 0.94)
        for button in buttons {
            button.backgroundColor = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1)
            addSubview(button)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Buttons spread evenly, as flexible space items would place them.
    override func layoutSubviews() {
        super.layoutSubviews()
        let slot = bounds.width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            button.frame = CGRect(x: slot * CGFloat(index) + (slot - 24) / 2, y: (bounds.height - 24) / 2,
                                  width: 24, height: 24)
        }
    }

    /// A hairline along the top edge, drawn.
    override func draw(_ rect: CGRect) {
        UIColor(white: 0.7, alpha: 1).setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width, height: 1))
    }
}

final class PhotoViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black

        let toolbarHeight: CGFloat = 44
        let container = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width,
                                             height: view.bounds.height - toolbarHeight))
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.backgroundColor = UIColor(white: 0.1, alpha: 1)
        view.addSubview(container)

        let imageView = UIImageView(image: PhotoViewController.landscape())
        imageView.frame = container.bounds.insetBy(dx: 10, dy: 10)
        imageView.contentMode = .scaleAspectFit
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(imageView)

        let toolbar = ToolbarView(frame: CGRect(x: 0, y: view.bounds.height - toolbarHeight,
                                                width: view.bounds.width, height: toolbarHeight))
        toolbar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        view.addSubview(toolbar)
    }

    private static func landscape() -> UIImage? {
        guard let path = Bundle.module.path(forResource: "Landscape@2x", ofType: "png") else { return nil }
        return UIImage(contentsOfFile: path)
    }
}

@main
final class PhotosAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 280))
        window.title = "Photos"
        window.rootViewController = PhotoViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
