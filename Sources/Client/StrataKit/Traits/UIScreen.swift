import Foundation

/// The display: on Strata (or any compositor) the output windows are shown
/// on. `UIScreen.main` is the first output; its bounds are the output's
/// size in points, its scale the output's scale.
open class UIScreen: UITraitEnvironment {
    /// The first output, or, before the app has a compositor connection, a
    /// 1280×720 screen at scale 1.
    public static var main: UIScreen { shared }
    nonisolated(unsafe) private static let shared = UIScreen()

    /// The app's appearance: `STRATA_APPEARANCE=dark` (which `strata run
    /// --appearance dark` sets for the apps it starts) or `light`; light
    /// when unset.
    nonisolated(unsafe) static var userAppearance: UIUserInterfaceStyle = {
        ProcessInfo.processInfo.environment["STRATA_APPEARANCE"]?.lowercased() == "dark" ? .dark : .light
    }()

    /// The screen's rectangle in points.
    open var bounds: CGRect {
        let size = CompositorConnection.current?.outputScale?.firstOutputSize ?? (1280, 720)
        return CGRect(origin: .zero, size: CGSize(width: size.width, height: size.height))
    }

    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * nativeScale, height: bounds.height * nativeScale)
    }

    /// Pixels per point of the output.
    open var scale: CGFloat { CompositorConnection.current?.screenScale ?? 1 }

    open var nativeScale: CGFloat { scale }

    open var traitCollection: UITraitCollection {
        let (horizontal, vertical) = UITraitCollection.sizeClasses(for: bounds.size)
        return UITraitCollection(style: UIScreen.userAppearance, scale: scale, horizontal: horizontal, vertical: vertical,
                                 idiom: .pad, direction: .leftToRight)
    }

    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}
