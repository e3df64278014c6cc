import Foundation
import StrataKit

// A window whose every view is at a known place, for tests that compare one
// compositing with another (the app's own on any compositor, Strata's in
// server mode): opaque colors, a rotated view, a half-transparent color, a
// view with opacity over others, a view drawn with a rounded shape and
// transparent corners, a clipping view with a rotated child that reaches
// outside it, and a label. Nothing moves, so one settled picture is the
// whole test.

/// A rounded rectangle with a ring inside, drawn in `draw(_:)` over a
/// clear background: blending of drawn, antialiased contents.
final class RoundedBadgeView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1).setFill()
        UIBezierPath(roundedRect: bounds.insetBy(dx: 1, dy: 1), cornerRadius: 12).fill()
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor(red: 0.3, green: 0.1, blue: 0.4, alpha: 1).cgColor)
        context.setLineWidth(3)
        context.strokeEllipse(in: bounds.insetBy(dx: 12, dy: 8))
    }
}

final class PixelViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.86, green: 0.88, blue: 0.82, alpha: 1)

        func box(_ frame: CGRect, _ color: UIColor) -> UIView {
            let box = UIView(frame: frame)
            box.backgroundColor = color
            return box
        }
        view.addSubview(box(CGRect(x: 10, y: 10, width: 60, height: 40), UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)))
        view.addSubview(box(CGRect(x: 80, y: 10, width: 50, height: 40), UIColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1)))

        let rotated = box(CGRect(x: 145, y: 20, width: 40, height: 20), UIColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 6)
        view.addSubview(rotated)

        // A half-transparent color over the red box and the background.
        view.addSubview(box(CGRect(x: 40, y: 30, width: 60, height: 40), UIColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.5)))

        // An opaque group made half-transparent as a whole (layer opacity).
        let group = box(CGRect(x: 10, y: 80, width: 70, height: 50), UIColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1))
        group.addSubview(box(CGRect(x: 10, y: 10, width: 30, height: 30), UIColor(red: 1, green: 0.9, blue: 0.2, alpha: 1)))
        group.alpha = 0.6
        view.addSubview(group)

        let badge = RoundedBadgeView(frame: CGRect(x: 90, y: 80, width: 60, height: 40))
        badge.isOpaque = false
        badge.backgroundColor = .clear
        view.addSubview(badge)

        // Clipping: a rotated child reaching past its clipping parent's edges.
        let clip = box(CGRect(x: 160, y: 70, width: 30, height: 60), UIColor(red: 0.5, green: 0.5, blue: 0.55, alpha: 1))
        clip.clipsToBounds = true
        let bar = box(CGRect(x: -10, y: 20, width: 50, height: 14), UIColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 1))
        bar.transform = CGAffineTransform(rotationAngle: -.pi / 8)
        clip.addSubview(bar)
        view.addSubview(clip)

        let label = UILabel(frame: CGRect(x: 10, y: 136, width: 180, height: 20))
        label.text = "Strata pixels 0123"
        label.font = .systemFont(ofSize: 14)
        label.textColor = UIColor(white: 0.1, alpha: 1)
        view.addSubview(label)
    }
}

@main
final class PixelAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 160))
        window.title = "Pixels"
        window.rootViewController = PixelViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
