import Foundation
import StrataKit
#if canImport(Glibc)
import Glibc
#endif

// A window to play with: cards dragged with a pan recognizer, a photo
// pinched and rotated with two fingers, a switch-like control toggled on
// .touchUpInside, and a pad that takes typed text once tapped. Each change
// is also printed, one line each, so scripts and tests can follow along.

final class InputViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.93, alpha: 1)
        // A photo pinched larger stays inside the window.
        view.clipsToBounds = true

        let photo = PhotoView(frame: CGRect(x: 250, y: 30, width: 180, height: 120))
        photo.onTransformed = { photo in
            let t = photo.transform
            let scale = (t.a * t.a + t.c * t.c).squareRoot(), angle = atan2(t.b, t.a)
            say("photo scale \(rounded(scale)) rotation \(rounded(angle))")
        }
        view.addSubview(photo)

        let cards = [("red", UIColor(red: 0.9, green: 0.25, blue: 0.2, alpha: 1)),
                     ("blue", UIColor(red: 0.15, green: 0.45, blue: 0.9, alpha: 1))]
        for (index, (name, color)) in cards.enumerated() {
            let card = CardView(name: name, frame: CGRect(x: 30, y: 30 + CGFloat(index) * 90, width: 100, height: 70), color: color)
            card.onMoved = { card in say("card \(card.name) at \(rounded(card.center.x)) \(rounded(card.center.y))") }
            view.addSubview(card)
        }

        let toggle = ToggleControl(frame: CGRect(x: 30, y: 210, width: 64, height: 34))
        toggle.addTarget(self, action: InputViewController.toggleChanged, for: .valueChanged)
        view.addSubview(toggle)

        let pad = TypingPad(frame: CGRect(x: 30, y: 262, width: 420, height: 40))
        pad.onChange = { text in say("text \(text)") }
        view.addSubview(pad)
    }

    func toggleChanged(_ sender: ToggleControl) {
        say("toggle \(sender.isOn ? "on" : "off")")
    }
}

private func rounded(_ value: CGFloat) -> String {
    String(format: "%.2f", Double(value))
}

/// One line on standard output, at once (a pipe would otherwise buffer it).
private func say(_ line: String) {
    print(line)
    fflush(stdout)
}

@main
final class InputAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        if let extra = CommandLine.arguments.dropFirst().first {
            FileHandle.standardError.write(Data("strata-input-demo: unexpected argument \(extra) (it takes none)\n".utf8))
            exit(2)
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 480, height: 320))
        window.title = "Input"
        window.rootViewController = InputViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
