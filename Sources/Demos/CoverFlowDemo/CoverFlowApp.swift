import Foundation
import StrataKit

// Cover Flow, as UIKit code writes it: album covers in a horizontal
// UIScrollView whose layer gives its sublayers perspective
// (sublayerTransform.m34); each cover turns about its y axis as it leaves
// the centre, stacks behind its neighbours by zPosition, and shows a
// reflection faded by a gradient mask. The compositor projects every cover
// in 3-D; a drag scrolls, and a tap on a turned cover (hit where it is
// drawn) brings it to the centre. `--cover N` starts at cover N.

/// The albums: a title and two colours for the cover's art.
let albums: [(title: String, colors: (UIColor, UIColor))] = [
    ("Northern Lights", (UIColor(red: 0.10, green: 0.35, blue: 0.45, alpha: 1), UIColor(red: 0.45, green: 0.95, blue: 0.70, alpha: 1))),
    ("Desert Roads", (UIColor(red: 0.85, green: 0.45, blue: 0.20, alpha: 1), UIColor(red: 0.98, green: 0.85, blue: 0.45, alpha: 1))),
    ("Blue Hour", (UIColor(red: 0.12, green: 0.15, blue: 0.45, alpha: 1), UIColor(red: 0.45, green: 0.55, blue: 0.95, alpha: 1))),
    ("Red Shift", (UIColor(red: 0.55, green: 0.05, blue: 0.15, alpha: 1), UIColor(red: 0.98, green: 0.40, blue: 0.35, alpha: 1))),
    ("Evergreen", (UIColor(red: 0.05, green: 0.30, blue: 0.15, alpha: 1), UIColor(red: 0.55, green: 0.80, blue: 0.35, alpha: 1))),
    ("Violet Sky", (UIColor(red: 0.30, green: 0.10, blue: 0.45, alpha: 1), UIColor(red: 0.90, green: 0.50, blue: 0.85, alpha: 1))),
    ("Golden Age", (UIColor(red: 0.45, green: 0.30, blue: 0.05, alpha: 1), UIColor(red: 0.98, green: 0.80, blue: 0.25, alpha: 1))),
    ("Tidal", (UIColor(red: 0.02, green: 0.25, blue: 0.35, alpha: 1), UIColor(red: 0.25, green: 0.75, blue: 0.85, alpha: 1))),
    ("Monochrome", (UIColor(white: 0.12, alpha: 1), UIColor(white: 0.85, alpha: 1))),
    ("Citrus", (UIColor(red: 0.70, green: 0.55, blue: 0.00, alpha: 1), UIColor(red: 0.85, green: 0.95, blue: 0.30, alpha: 1))),
    ("Coral Reef", (UIColor(red: 0.80, green: 0.25, blue: 0.35, alpha: 1), UIColor(red: 0.98, green: 0.70, blue: 0.55, alpha: 1))),
    ("Midnight", (UIColor(red: 0.02, green: 0.02, blue: 0.10, alpha: 1), UIColor(red: 0.25, green: 0.20, blue: 0.55, alpha: 1))),
]

/// A cover's art: a diagonal gradient, a ring, and the title.
func coverArt(_ album: (title: String, colors: (UIColor, UIColor)), size: CGSize) -> UIImage {
    UIGraphicsImageRenderer(size: size).image { context in
        let cg = context.cgContext
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [album.colors.0.cgColor, album.colors.1.cgColor], locations: [0, 1])!
        cg.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: size.width, y: size.height), options: [])
        UIColor.white.withAlphaComponent(0.35).setStroke()
        let ring = UIBezierPath(ovalIn: CGRect(x: size.width * 0.2, y: size.height * 0.12, width: size.width * 0.6, height: size.width * 0.6))
        ring.lineWidth = size.width * 0.06
        ring.stroke()
        let title = NSAttributedString(string: album.title, attributes: [
            .font: UIFont.boldSystemFont(ofSize: size.width * 0.09), .foregroundColor: UIColor.white,
        ])
        title.draw(at: CGPoint(x: size.width * 0.08, y: size.height * 0.8))
    }
}

/// One album: its cover, and the cover's reflection below it, mirrored and faded.
final class CoverView: UIView {
    let index: Int

    init(index: Int, size: CGSize) {
        self.index = index
        super.init(frame: CGRect(origin: .zero, size: size))
        let art = coverArt(albums[index], size: size)
        let cover = UIImageView(image: art)
        cover.frame = bounds
        addSubview(cover)
        let reflection = UIImageView(image: art)
        reflection.frame = CGRect(x: 0, y: size.height + 2, width: size.width, height: size.height)
        reflection.transform = CGAffineTransform(scaleX: 1, y: -1)
        reflection.alpha = 0.5
        let fade = CAGradientLayer()
        fade.frame = reflection.bounds
        // Mirrored: the gradient's end is the reflection's top, next to the cover.
        fade.colors = [UIColor.black.withAlphaComponent(0).cgColor, UIColor.black.cgColor]
        fade.locations = [0.55, 1]
        reflection.layer.mask = fade
        addSubview(reflection)
    }

    required init?(coder: NSCoder) { nil }
}

final class CoverFlowViewController: UIViewController, UIScrollViewDelegate {
    /// Scrolling this far moves the next cover to the centre.
    let step: CGFloat = 110
    let coverSize = CGSize(width: 200, height: 200)
    /// How far from the centre the first cover on each side stands, and how
    /// close the others stack behind it.
    let centreGap: CGFloat = 150
    let sideStep: CGFloat = 46
    let sideAngle: CGFloat = .pi / 3
    let startCover: Int

    let scrollView = UIScrollView()
    let titleLabel = UILabel()
    var covers: [CoverView] = []
    /// The cover at the centre, as the subviews are stacked.
    var centred = -1

    init(startCover: Int) {
        self.startCover = min(max(startCover, 0), albums.count - 1)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.alwaysBounceHorizontal = true
        scrollView.decelerationRate = .fast
        scrollView.delegate = self
        // Perspective for every cover, its vanishing point at the centre of what is shown.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 600
        scrollView.layer.sublayerTransform = perspective
        view.addSubview(scrollView)

        for index in albums.indices {
            let cover = CoverView(index: index, size: coverSize)
            cover.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CoverFlowViewController.coverTapped))
            scrollView.addSubview(cover)
            covers.append(cover)
        }
        titleLabel.textColor = .white
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        view.addSubview(titleLabel)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let size = scrollView.bounds.size
        scrollView.contentSize = CGSize(width: size.width + step * CGFloat(albums.count - 1), height: size.height)
        titleLabel.frame = CGRect(x: 0, y: size.height - 44, width: size.width, height: 24)
        if scrollView.contentOffset.x == 0, startCover > 0 {
            scrollView.contentOffset = CGPoint(x: step * CGFloat(startCover), y: 0)
        }
        layoutCovers()
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        layoutCovers()
    }

    /// Every drag ends with a cover in the centre.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let index = (targetContentOffset.pointee.x / step).rounded()
        targetContentOffset.pointee.x = min(max(index, 0), CGFloat(albums.count - 1)) * step
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { reportCentre() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { reportCentre() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { reportCentre() }

    /// Prints the album at the centre once the covers come to rest.
    private func reportCentre() {
        print("centred \(centred) \(albums[centred].title)")
        fflush(stdout)
    }

    func coverTapped(_ recognizer: UITapGestureRecognizer) {
        guard let cover = recognizer.view as? CoverView else { return }
        print("tapped \(cover.index) \(albums[cover.index].title)")
        fflush(stdout)
        scrollView.setContentOffset(CGPoint(x: step * CGFloat(cover.index), y: 0), animated: true)
    }

    /// Each cover stands in its own place in content coordinates; its
    /// transform moves it into the flow: flat and forward at the centre,
    /// turned and stacked on either side.
    private func layoutCovers() {
        let bounds = scrollView.bounds
        let centre = CGPoint(x: bounds.midX, y: bounds.minY + bounds.height * 0.42)
        let progress = scrollView.contentOffset.x / step
        for cover in covers {
            let home = CGPoint(x: bounds.width / 2 + step * CGFloat(cover.index), y: centre.y)
            cover.center = home
            let d = CGFloat(cover.index) - progress   // covers from the centre, signed
            let near = min(abs(d), 1)
            let x = abs(d) <= 1 ? d * centreGap : (d > 0 ? 1 : -1) * (centreGap + (abs(d) - 1) * sideStep)
            let turn = CATransform3DMakeRotation(-max(-1, min(d, 1)) * sideAngle, 0, 1, 0)
            let place = CATransform3DMakeTranslation(centre.x + x - home.x, 0, (1 - near) * 60)
            cover.transform3D = CATransform3DConcat(turn, place)
            // The nearer the centre, the further in front.
            cover.layer.zPosition = -abs(d)
        }
        let current = Int(min(max(progress.rounded(), 0), CGFloat(albums.count - 1)))
        titleLabel.text = albums[current].title
        if current != centred {
            centred = current
            restack()
        }
    }

    /// UIKit hit-tests subviews in their order, whatever their zPosition:
    /// the covers are kept in depth order as subviews too, so a tap goes
    /// to the cover drawn in front.
    private func restack() {
        for cover in covers.sorted(by: { abs($0.index - centred) > abs($1.index - centred) }) {
            scrollView.bringSubviewToFront(cover)
        }
    }
}

@main
final class CoverFlowAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        let arguments = CommandLine.arguments
        let start = arguments.firstIndex(of: "--cover").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 0
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 720, height: 420))
        window.title = "Cover Flow"
        window.rootViewController = CoverFlowViewController(startCover: start)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
