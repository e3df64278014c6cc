import Foundation
import StrataKit

// The View Programming Guide's transitions sample: a container whose two
// image views swap with a flip when the toolbar's item is tapped
// ("Creating Animated Transitions Between Views"). The compositor plays
// the flip; the app only says when it ends, and prints that.

/// Two scenes drawn once into images: the same hillside by day and by night.
enum Scenes {
    static func landscape(night: Bool, size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { renderer in
            let context = renderer.cgContext
            context.setFillColor((night ? UIColor(red: 0.05, green: 0.07, blue: 0.2, alpha: 1)
                                       : UIColor(red: 0.45, green: 0.7, blue: 0.95, alpha: 1)).cgColor)
            context.fill(CGRect(origin: .zero, size: size))
            context.setFillColor((night ? UIColor(white: 0.95, alpha: 1) : UIColor(red: 1, green: 0.85, blue: 0.2, alpha: 1)).cgColor)
            context.fillEllipse(in: CGRect(x: size.width * 0.68, y: size.height * 0.12, width: 34, height: 34))
            if night {
                for (x, y) in [(0.1, 0.15), (0.25, 0.3), (0.4, 0.1), (0.55, 0.25), (0.2, 0.5), (0.85, 0.55)] {
                    context.fill(CGRect(x: size.width * x, y: size.height * y, width: 2, height: 2))
                }
            }
            context.setFillColor((night ? UIColor(red: 0.05, green: 0.2, blue: 0.1, alpha: 1)
                                       : UIColor(red: 0.25, green: 0.6, blue: 0.25, alpha: 1)).cgColor)
            context.move(to: CGPoint(x: 0, y: size.height * 0.7))
            context.addCurve(to: CGPoint(x: size.width, y: size.height * 0.62),
                             control1: CGPoint(x: size.width * 0.3, y: size.height * 0.45),
                             control2: CGPoint(x: size.width * 0.6, y: size.height * 0.85))
            context.addLine(to: CGPoint(x: size.width, y: size.height))
            context.addLine(to: CGPoint(x: 0, y: size.height))
            context.closePath()
            context.fillPath()
        }
    }
}

/// The toolbar's item: a circular arrow, tapped to flip.
final class FlipItem: UIView {
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        context.setStrokeColor(UIColor.white.cgColor)
        context.setLineWidth(3)
        context.addArc(center: center, radius: 10, startAngle: 0.3, endAngle: 5.6, clockwise: false)
        context.strokePath()
        context.setFillColor(UIColor.white.cgColor)
        context.move(to: CGPoint(x: center.x + 13, y: center.y - 9))
        context.addLine(to: CGPoint(x: center.x + 14, y: center.y + 1))
        context.addLine(to: CGPoint(x: center.x + 5, y: center.y - 4))
        context.closePath()
        context.fillPath()
    }
}

final class TransitionsViewController: UIViewController {
    private var day: UIImageView!
    private var night: UIImageView!
    private var showingDay = true

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.93, alpha: 1)

        let container = UIView(frame: CGRect(x: 40, y: 24, width: 240, height: 160))
        container.backgroundColor = .clear
        view.addSubview(container)
        let size = container.bounds.size
        day = UIImageView(image: Scenes.landscape(night: false, size: size))
        night = UIImageView(image: Scenes.landscape(night: true, size: size))
        night.isHidden = true
        container.addSubview(day)
        container.addSubview(night)

        let toolbar = UIView(frame: CGRect(x: 0, y: 208, width: 320, height: 44))
        toolbar.backgroundColor = UIColor(red: 0.2, green: 0.24, blue: 0.3, alpha: 1)
        view.addSubview(toolbar)
        let item = FlipItem(frame: CGRect(x: 138, y: 0, width: 44, height: 44))
        item.backgroundColor = .clear
        item.isOpaque = false
        item.addGestureRecognizer(UITapGestureRecognizer(target: self, action: TransitionsViewController.flip))
        toolbar.addSubview(item)
    }

    /// Listing 4-9's toggle: swap the views with a flip, hiding one and
    /// showing the other (.showHideTransitionViews keeps both in place).
    private func flip() {
        let (from, to) = showingDay ? (day!, night!) : (night!, day!)
        showingDay.toggle()
        UIView.transition(from: from, to: to, duration: 1,
                          options: [showingDay ? .transitionFlipFromRight : .transitionFlipFromLeft, .showHideTransitionViews]) { finished in
            print("flip finished: \(finished)")
            fflush(stdout)
        }
    }
}

@main
final class TransitionsAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        if CommandLine.arguments.count > 1 {
            FileHandle.standardError.write(Data("strata-transitions-demo: unexpected argument \(CommandLine.arguments[1]) (it takes none)\n".utf8))
            exit(2)
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 252))
        window.title = "Transitions"
        window.rootViewController = TransitionsViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
