import Foundation
import StrataKit

// A layered view hierarchy in the manner of the View Programming Guide's
// clock: a face drawn with paths, hands that are rotated subviews, a
// translucent glass over them, and a date window that clips a wheel of day
// numbers drawn as labels. A Timer moves the hour and minute hands through
// the app's run loop; the second hand is one repeating animation that the
// compositor plays.

/// The dial: a circle and sixty ticks, drawn with Core Graphics paths.
final class ClockFaceView: UIView {
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 4

        context.setFillColor(UIColor(white: 0.98, alpha: 1).cgColor)
        context.fillEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2))
        context.setStrokeColor(UIColor(white: 0.15, alpha: 1).cgColor)
        context.setLineWidth(4)
        context.strokeEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2))

        for tick in 0..<60 {
            let angle = CGFloat(tick) * .pi / 30
            let long = tick % 5 == 0
            let inner = radius - (long ? 16 : 8), outer = radius - 4
            context.setLineWidth(long ? 3 : 1)
            context.move(to: CGPoint(x: center.x + inner * sin(angle), y: center.y - inner * cos(angle)))
            context.addLine(to: CGPoint(x: center.x + outer * sin(angle), y: center.y - outer * cos(angle)))
            context.strokePath()
        }
    }
}

/// A hand: a plain view whose bottom center is the pivot, rotated with `transform`.
final class HandView: UIView {
    init(length: CGFloat, width: CGFloat, color: UIColor, pivot: CGPoint) {
        super.init(frame: CGRect(x: 0, y: 0, width: width, height: length))
        backgroundColor = color
        layer.anchorPoint = CGPoint(x: 0.5, y: 1)
        center = pivot
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func point(at fraction: CGFloat) {
        transform = CGAffineTransform(rotationAngle: fraction * 2 * .pi)
    }
}

/// The date wheel behind the window: yesterday's, today's and tomorrow's
/// day numbers side by side, today's in the window's opening.
final class DateWheelView: UIView {
    private let days: [UILabel]

    init(frame: CGRect, dayWidth: CGFloat) {
        days = (0..<3).map { index in
            let day = UILabel(frame: CGRect(x: CGFloat(index) * dayWidth, y: 0, width: dayWidth, height: frame.height))
            day.font = .boldSystemFont(ofSize: 15)
            day.textAlignment = .center
            day.textColor = UIColor(white: 0.1, alpha: 1)
            return day
        }
        super.init(frame: frame)
        for day in days { addSubview(day) }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    func show(_ date: Date, in calendar: Calendar) {
        for (offset, label) in zip(-1...1, days) {
            let day = calendar.date(byAdding: .day, value: offset, to: date) ?? date
            label.text = String(calendar.component(.day, from: day))
        }
    }
}

final class ClockViewController: UIViewController {
    private var hands: (hour: HandView, minute: HandView, second: HandView)!
    private var dateWheel: DateWheelView!
    private let fixedMoment: ClockArguments.Moment

    init(fixedMoment: ClockArguments.Moment) {
        self.fixedMoment = fixedMoment
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.16, green: 0.2, blue: 0.28, alpha: 1)

        let face = ClockFaceView(frame: CGRect(x: 20, y: 20, width: 200, height: 200))
        face.isOpaque = false
        face.backgroundColor = .clear
        view.addSubview(face)

        // The date window clips the wheel of days behind it to today's.
        let dateWindow = UIView(frame: CGRect(x: 140, y: 108, width: 36, height: 24))
        dateWindow.clipsToBounds = true
        dateWindow.backgroundColor = UIColor(white: 0.85, alpha: 1)
        dateWheel = DateWheelView(frame: CGRect(x: -36, y: 0, width: 108, height: 24), dayWidth: 36)
        dateWindow.addSubview(dateWheel)
        face.addSubview(dateWindow)

        let pivot = CGPoint(x: 100, y: 100)
        hands = (HandView(length: 50, width: 6, color: UIColor(white: 0.1, alpha: 1), pivot: pivot),
                 HandView(length: 75, width: 4, color: UIColor(white: 0.2, alpha: 1), pivot: pivot),
                 HandView(length: 82, width: 2, color: UIColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1), pivot: pivot))
        face.addSubview(hands.hour)
        face.addSubview(hands.minute)
        face.addSubview(hands.second)

        // Glass: a translucent pane over part of the face.
        let glass = UIView(frame: face.frame.insetBy(dx: 30, dy: 30).offsetBy(dx: -20, dy: -40))
        glass.backgroundColor = UIColor(white: 1, alpha: 1)
        glass.alpha = 0.18
        glass.isUserInteractionEnabled = false
        view.addSubview(glass)

        showTime()
        if fixedMoment.time == nil {
            // The second hand sweeps on the compositor's clock: one animation,
            // added to where it points now, and no commit per second.
            let sweep = CABasicAnimation(keyPath: "transform.rotation.z")
            sweep.fromValue = 0
            sweep.toValue = 2 * CGFloat.pi
            sweep.duration = 60
            sweep.repeatCount = .infinity
            sweep.isAdditive = true
            hands.second.layer.add(sweep, forKey: "sweep")
            Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.showTime() }
        }
    }

    private func showTime() {
        let calendar = Calendar.current
        dateWheel.show(fixedMoment.date ?? Date(), in: calendar)
        let (hour, minute, second): (Int, Int, Int)
        if let fixedTime = fixedMoment.time {
            (hour, minute, second) = fixedTime
        } else {
            let parts = calendar.dateComponents([.hour, .minute, .second], from: Date())
            (hour, minute, second) = (parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        }
        hands.hour.point(at: (CGFloat(hour % 12) + CGFloat(minute) / 60) / 12)
        hands.minute.point(at: CGFloat(minute) / 60)
        // Set once: afterwards the sweep animation moves it.
        if hands.second.layer.animation(forKey: "sweep") == nil { hands.second.point(at: CGFloat(second) / 60) }
    }
}

@main
final class ClockAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let fixedMoment: ClockArguments.Moment
        switch ClockArguments.parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let moment): fixedMoment = moment
        case .failure(let message):
            FileHandle.standardError.write(Data("strata-clock-demo: \(message)\n".utf8))
            exit(2)
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 240))
        window.title = "Clock"
        window.rootViewController = ClockViewController(fixedMoment: fixedMoment)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}

/// `strata-clock-demo [--time HH:MM:SS] [--date YYYY-MM-DD]`: a fixed time
/// and date make screenshots repeatable.
enum ClockArguments {
    /// What is fixed; nil parts follow the system clock.
    struct Moment {
        var time: (Int, Int, Int)?
        var date: Date?
    }

    enum Outcome { case success(Moment), failure(String) }

    static let usage = "usage: strata-clock-demo [--time HH:MM:SS] [--date YYYY-MM-DD]"

    static func parse(_ arguments: [String]) -> Outcome {
        var moment = Moment()
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard option == "--time" || option == "--date" else { return .failure("unknown option \(option) (\(usage))") }
            guard let value = remaining.popFirst() else {
                return .failure(option == "--time" ? "--time takes one value, HH:MM:SS" : "--date takes one value, YYYY-MM-DD")
            }
            let parts = value.split(separator: option == "--time" ? ":" : "-").compactMap { Int($0) }
            if option == "--time" {
                guard parts.count == 3, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]), (0..<60).contains(parts[2]) else {
                    return .failure("invalid time '\(value)' (expected HH:MM:SS)")
                }
                moment.time = (parts[0], parts[1], parts[2])
            } else {
                let components = DateComponents(year: parts.first, month: parts.dropFirst().first, day: parts.last)
                guard parts.count == 3, components.isValidDate(in: Calendar.current),
                      let date = Calendar.current.date(from: components) else {
                    return .failure("invalid date '\(value)' (expected YYYY-MM-DD)")
                }
                moment.date = date
            }
        }
        return .success(moment)
    }
}
