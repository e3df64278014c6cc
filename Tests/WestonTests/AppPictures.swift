import Foundation
import StrataRender
import TestSupport
import XCTest

/// A StrataKit app run as its own process, and what is known of its
/// window: its title and its size in points (the content the app draws,
/// whether or not a title bar is drawn above it).
struct AppUnderTest {
    let product: String
    let arguments: [String]
    let title: String
    let width: Int
    let height: Int

    /// The layered clock at a fixed moment: no second-hand sweep, so the picture holds still.
    static let clock = AppUnderTest(product: "strata-clock-demo", arguments: ["--time", "10:08:30", "--date", "2026-11-23"],
                                    title: "Clock", width: 240, height: 240)
    static let photos = AppUnderTest(product: "strata-photos-demo", arguments: [], title: "Photos", width: 320, height: 280)
    /// Known views: colors, a rotation, transparency, opacity, clipping, a drawn shape and a label.
    static let pixels = AppUnderTest(product: "strata-pixel-app", arguments: [], title: "Pixels", width: 200, height: 160)
    /// Every styling property of layers: corners, shadows, borders, shapes, gradients, a replicator, a text layer, masks.
    static let styling = AppUnderTest(product: "strata-styling-demo", arguments: [], title: "Styling", width: 360, height: 432)
}

/// How an app's window is composited.
enum Compositing: String {
    /// By Strata, from the app's layer tree (strata_layers_v1).
    case server
    /// By the app itself, into wl_shm buffers.
    case client
}

extension WestonProcess {
    /// Runs `app` on weston (client compositing, since weston has no
    /// strata_layers_v1), waits for a settled picture and returns the
    /// window's content: the bottom `app.height` rows of the window, so a
    /// title bar the app may draw above its content is left out. In device
    /// pixels: `app.width·scale`×`app.height·scale`.
    func content(of app: AppUnderTest) throws -> DecodedPNG {
        let log = runtimeDirectory + "/\(app.product).log"
        try startClient(try StrataBinary.product(app.product), app.arguments, outputFile: log)
        let shot: DecodedPNG
        do { shot = try settledScreenshot(timeout: 15) } catch {
            throw StrataTestError("\(app.product) never settled on weston: \(error); it said: "
                                  + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
        }
        let (width, height) = (app.width * scale, app.height * scale)
        guard let window = shot.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0),
              window.width >= width, window.height >= height else {
            throw StrataTestError("\(app.product): no window of at least \(width)×\(height) pixels on weston "
                                  + "(found \(String(describing: shot.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0))))")
        }
        return shot.cropped(to: PixelRect(x: window.x + (window.width - width) / 2, y: window.y + window.height - height,
                                          width: width, height: height))
    }
}

extension StrataProcess {
    /// Runs `app` on this Strata with `compositing`, waits until its window
    /// is mapped and two screenshots taken `interval` apart show the same
    /// content, and returns that content: `app.width`×`app.height` at the
    /// bottom of the window's geometry (placed at its origin, as `strata
    /// tree` gives both, in points), so a title bar the app would draw
    /// above its content is left out here too. In device pixels at
    /// `scale`, which must be the output's.
    func content(of app: AppUnderTest, compositing: Compositing, scale: Int = 1, timeout: TimeInterval = 15,
                 interval: TimeInterval = 0.1) throws -> DecodedPNG {
        try startClient(try StrataBinary.product(app.product), app.arguments,
                        environment: ["STRATAKIT_COMPOSITING": compositing.rawValue])
        func origin() throws -> (x: Int, y: Int)? {
            guard let window = try windows().first(where: { $0["title"] as? String == app.title && $0["mapped"] as? Bool == true }),
                  let origin = window["origin"] as? [String: Double] else { return nil }
            let geometry = window["geometry"] as? [String: Double]
            let width = geometry?["width"].map(Int.init) ?? app.width, height = geometry?["height"].map(Int.init) ?? app.height
            return ((Int(origin["x"]!) + max(0, width - app.width) / 2) * scale, (Int(origin["y"]!) + max(0, height - app.height)) * scale)
        }
        let deadline = Date().addingTimeInterval(timeout)
        var previous: DecodedPNG?
        let path = runtimeDirectory + "/\(app.product)-\(compositing).png"
        while Date() < deadline {
            if let (x, y) = try origin() {
                let content = try screenshot(to: path).cropped(to: PixelRect(x: x, y: y, width: app.width * scale,
                                                                             height: app.height * scale))
                if let previous, previous.rgba == content.rgba, content.width == app.width * scale,
                   content.height == app.height * scale {
                    return content
                }
                previous = content
            }
            Thread.sleep(forTimeInterval: interval)
        }
        throw StrataTestError("\(app.product) (\(compositing) compositing) never settled on Strata; strata said: \(serverLog)")
    }
}

extension StrataProcess {
    /// How many of the app's own strata layers Strata
    /// holds for the window titled `title`: none when the app composites
    /// itself and shows only a buffer.
    func appLayerCount(ofWindowTitled title: String) throws -> Int {
        func count(_ layer: Any?) -> Int {
            guard let layer = layer as? [String: Any] else { return 0 }
            // An app's strata layers are named by their object ids; the
            // compositor's own (a title bar it draws) by words.
            let isAppLayer = (layer["name"] as? String).map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false
            return (isAppLayer ? 1 : 0) + (layer["sublayers"] as? [Any] ?? []).reduce(0) { $0 + count($1) }
        }
        return count(try windows().first { $0["title"] as? String == title }?["layer"])
    }
}

/// Where the references of this folder are kept in the source tree (for recording).
let westonReferencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("References").path
