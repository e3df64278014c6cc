import Foundation

/// Screenshots through `weston-screenshooter`, the client of weston's
/// weston_screenshooter protocol.
///
/// What the tool does in weston 10: it captures every output into one
/// image, in device pixels (a 320×240 output at scale 2 gives 640×480), and
/// writes it as an RGB PNG (no alpha) named
/// `wayland-screenshot-YYYY-MM-DD_HH-MM-SS.png` into its current directory,
/// with no option to choose the name. Two shots in the same second would
/// have the same name, so each shot runs in a fresh directory of its own.
/// weston must run with --debug, or the shot fails ("permission denied.
/// Debug protocol must be enabled") and the tool exits with status 255.
///
/// The capture is taken at weston's next repaint, so it shows everything
/// committed before the tool's request reached weston.
extension WestonProcess {
    /// Takes a screenshot; it is copied to `path` (absolute) when given.
    @discardableResult
    public func screenshot(to path: String? = nil, timeout: TimeInterval = 10) throws -> DecodedPNG {
        let directory = runtimeDirectory + "/shot-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let tool = WestonProcess.screenshooterPath(besides: process.executableURL!.path)
        let result = try runProcess(tool, [], in: directory, environment: clientEnvironment, timeout: timeout)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".png") }
        guard result.status == 0, let file = files.first else {
            throw StrataTestError("weston-screenshooter failed (status \(result.status)): "
                                  + "\(result.standardError)\(result.standardOutput)")
        }
        let shot = directory + "/" + file
        if let path {
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: shot, toPath: path)
        }
        return try DecodedPNG(contentsOf: shot)
    }

    /// Takes screenshots until `condition` holds for one (returned), or
    /// throws after `timeout`: for clients in other processes, whose first
    /// frame the test cannot see arrive.
    public func screenshot(until condition: (DecodedPNG) -> Bool, timeout: TimeInterval = 10,
                           interval: TimeInterval = 0.05) throws -> DecodedPNG {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let image = try screenshot()
            if condition(image) { return image }
            guard Date() < deadline else {
                throw StrataTestError("no screenshot satisfied the condition within \(timeout) s; weston said: \(log)")
            }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Takes screenshots until one shows something besides the background
    /// and equals the one before it (taken `interval` earlier): a client in
    /// another process that has drawn its first frames and stopped changing.
    public func settledScreenshot(timeout: TimeInterval = 10, interval: TimeInterval = 0.1) throws -> DecodedPNG {
        var previous: DecodedPNG?
        return try screenshot(until: { shot in
            defer { previous = shot }
            guard shot.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0) != nil,
                  let previous else { return false }
            return previous.width == shot.width && previous.height == shot.height && previous.rgba == shot.rgba
        }, timeout: timeout, interval: interval)
    }
}
