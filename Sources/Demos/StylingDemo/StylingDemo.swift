import Foundation
import StrataKit

// What Core Animation's render server draws, as UIKit code uses it: a card
// with rounded corners and a shadow, a circular avatar, a gradient header
// with two rounded corners, a bordered view clipping a rotated child, a
// progress ring and a dashed path (CAShapeLayer), radial and conic
// gradients, an activity spinner made with a CAReplicatorLayer, a
// CATextLayer, and an image faded out by a gradient mask (a reflection).
// Still by default, for pictures; `--animate` runs the ring and the spinner.

let animates = CommandLine.arguments.contains("--animate")

/// A small picture drawn in the app: what an avatar or a photo would be.
func samplePhoto(size: CGSize) -> UIImage {
    UIGraphicsImageRenderer(size: size).image { context in
        UIColor(red: 0.32, green: 0.55, blue: 0.85, alpha: 1).setFill()
        context.fill(CGRect(origin: .zero, size: size))
        UIColor(red: 0.98, green: 0.78, blue: 0.35, alpha: 1).setFill()
        UIBezierPath(ovalIn: CGRect(x: size.width * 0.55, y: size.height * 0.12, width: size.width * 0.3, height: size.width * 0.3)).fill()
        UIColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 1).setFill()
        let hill = UIBezierPath()
        hill.move(to: CGPoint(x: 0, y: size.height))
        hill.addQuadCurve(to: CGPoint(x: size.width, y: size.height * 0.75), controlPoint: CGPoint(x: size.width * 0.3, y: size.height * 0.35))
        hill.addLine(to: CGPoint(x: size.width, y: size.height))
        hill.close()
        hill.fill()
    }
}

final class StylingViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
        addHeader()
        addCard()
        addBorderedClip()
        addProgressRing()
        addDashedPath()
        addGradientChips()
        addSpinner()
        addTextLayer()
        addReflection()
    }

    /// A gradient with its top corners rounded (maskedCorners).
    private func addHeader() {
        let header = CAGradientLayer()
        header.frame = CGRect(x: 16, y: 16, width: 328, height: 44)
        header.colors = [UIColor(red: 0.35, green: 0.3, blue: 0.9, alpha: 1).cgColor, UIColor(red: 0.9, green: 0.35, blue: 0.6, alpha: 1).cgColor]
        header.startPoint = CGPoint(x: 0, y: 0.5)
        header.endPoint = CGPoint(x: 1, y: 0.5)
        header.cornerRadius = 14
        header.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        view.layer.addSublayer(header)
    }

    /// The card every app has: white, rounded, a soft shadow; a circular avatar inside.
    private func addCard() {
        let card = UIView(frame: CGRect(x: 16, y: 76, width: 328, height: 76))
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.cornerCurve = .continuous
        card.layer.shadowColor = UIColor.black.cgColor
        card.layer.shadowOpacity = 0.18
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        view.addSubview(card)

        let avatar = UIImageView(image: samplePhoto(size: CGSize(width: 52, height: 52)))
        avatar.frame = CGRect(x: 12, y: 12, width: 52, height: 52)
        avatar.layer.cornerRadius = 26
        avatar.clipsToBounds = true
        avatar.layer.borderWidth = 2
        avatar.layer.borderColor = UIColor.white.cgColor
        card.addSubview(avatar)

        let name = UILabel(frame: CGRect(x: 78, y: 18, width: 230, height: 20))
        name.text = "Rounded, shadowed card"
        name.font = .boldSystemFont(ofSize: 15)
        card.addSubview(name)
        let detail = UILabel(frame: CGRect(x: 78, y: 40, width: 230, height: 18))
        detail.text = "cornerRadius 12, shadowRadius 8"
        detail.font = .systemFont(ofSize: 13)
        detail.textColor = .gray
        card.addSubview(detail)
    }

    /// A border drawn above the sublayers, following the rounded corners that clip a rotated child.
    private func addBorderedClip() {
        let frame = UIView(frame: CGRect(x: 16, y: 168, width: 100, height: 84))
        frame.backgroundColor = UIColor(red: 1, green: 0.97, blue: 0.9, alpha: 1)
        frame.layer.cornerRadius = 18
        frame.layer.borderWidth = 4
        frame.layer.borderColor = UIColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1).cgColor
        frame.clipsToBounds = true
        let stripe = UIView(frame: CGRect(x: -20, y: 30, width: 140, height: 20))
        stripe.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        stripe.transform = CGAffineTransform(rotationAngle: -.pi / 7)
        frame.addSubview(stripe)
        view.addSubview(frame)
    }

    /// A track and a progress stroke ending at 70%, with round caps.
    private func addProgressRing() {
        let center = CGPoint(x: 172, y: 210), radius: CGFloat = 32
        let circle = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        let track = CAShapeLayer()
        track.path = circle.cgPath
        track.fillColor = nil
        track.strokeColor = UIColor(white: 0.85, alpha: 1).cgColor
        track.lineWidth = 8
        view.layer.addSublayer(track)
        let progress = CAShapeLayer()
        progress.path = circle.cgPath
        progress.fillColor = nil
        progress.strokeColor = UIColor(red: 0.2, green: 0.75, blue: 0.4, alpha: 1).cgColor
        progress.lineWidth = 8
        progress.lineCap = .round
        progress.strokeEnd = 0.7
        view.layer.addSublayer(progress)
        if animates {
            let fill = CABasicAnimation(keyPath: "strokeEnd")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 2
            fill.repeatCount = .infinity
            progress.add(fill, forKey: "progress")
        }
    }

    /// A dashed stroke along lines and curves.
    private func addDashedPath() {
        let wave = UIBezierPath()
        wave.move(to: CGPoint(x: 230, y: 240))
        wave.addCurve(to: CGPoint(x: 340, y: 190), controlPoint1: CGPoint(x: 260, y: 160), controlPoint2: CGPoint(x: 300, y: 270))
        let dashed = CAShapeLayer()
        dashed.path = wave.cgPath
        dashed.fillColor = nil
        dashed.strokeColor = UIColor(red: 0.55, green: 0.3, blue: 0.8, alpha: 1).cgColor
        dashed.lineWidth = 4
        dashed.lineCap = .round
        dashed.lineDashPattern = [10, 7]
        view.layer.addSublayer(dashed)
    }

    /// Radial and conic gradients, round and rounded.
    private func addGradientChips() {
        let radial = CAGradientLayer()
        radial.type = .radial
        radial.frame = CGRect(x: 16, y: 268, width: 72, height: 72)
        radial.colors = [UIColor(red: 1, green: 0.95, blue: 0.6, alpha: 1).cgColor, UIColor(red: 0.95, green: 0.4, blue: 0.2, alpha: 1).cgColor]
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        radial.cornerRadius = 36
        view.layer.addSublayer(radial)

        let conic = CAGradientLayer()
        conic.type = .conic
        conic.frame = CGRect(x: 100, y: 268, width: 72, height: 72)
        conic.colors = [UIColor.red, .yellow, .green, .cyan, .blue, .magenta, .red].map(\.cgColor)
        conic.startPoint = CGPoint(x: 0.5, y: 0.5)
        conic.endPoint = CGPoint(x: 0.5, y: 0)
        conic.cornerRadius = 16
        view.layer.addSublayer(conic)
    }

    /// An activity spinner: one bar, copied twelve times by the compositor.
    private func addSpinner() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 190, y: 280, width: 48, height: 48)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceAlphaOffset = -1.0 / 12
        let bar = CALayer()
        bar.frame = CGRect(x: 22, y: 2, width: 4, height: 13)
        bar.cornerRadius = 2
        bar.backgroundColor = UIColor(white: 0.3, alpha: 1).cgColor
        replicator.addSublayer(bar)
        view.layer.addSublayer(replicator)
        if animates {
            replicator.instanceAlphaOffset = 0
            replicator.instanceDelay = 1.0 / 12
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.15
            fade.duration = 1
            fade.repeatCount = .infinity
            bar.add(fade, forKey: "fade")
        }
    }

    private func addTextLayer() {
        let text = CATextLayer()
        text.frame = CGRect(x: 250, y: 284, width: 94, height: 40)
        text.string = "CATextLayer"
        text.fontSize = 15
        text.foregroundColor = UIColor(white: 0.2, alpha: 1).cgColor
        text.alignmentMode = .center
        text.contentsScale = UIScreen.main.scale
        view.layer.addSublayer(text)
    }

    /// A photo and its reflection, faded out by a gradient mask.
    private func addReflection() {
        let photo = samplePhoto(size: CGSize(width: 120, height: 60))
        let original = UIImageView(image: photo)
        original.frame = CGRect(x: 16, y: 356, width: 120, height: 60)
        original.layer.cornerRadius = 8
        original.clipsToBounds = true
        view.addSubview(original)

        let reflection = UIImageView(image: photo)
        reflection.frame = CGRect(x: 150, y: 356, width: 120, height: 60)
        let fade = CAGradientLayer()
        fade.frame = reflection.bounds
        fade.colors = [UIColor.black.cgColor, UIColor.black.withAlphaComponent(0).cgColor]
        reflection.layer.mask = fade
        view.addSubview(reflection)
    }
}

@main
final class StylingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 360, height: 432))
        window.title = "Styling"
        window.rootViewController = StylingViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
