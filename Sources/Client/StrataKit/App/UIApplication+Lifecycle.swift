import Foundation

extension UIApplication {
    /// Launches: the delegate's will- and didFinishLaunching, then the
    /// first update, so the windows they showed are sent before the first
    /// wait for events.
    func launch(delegate: UIApplicationDelegate?) {
        if let delegate { self.delegate = delegate }
        _ = self.delegate?.application(self, willFinishLaunchingWithOptions: nil)
        _ = self.delegate?.application(self, didFinishLaunchingWithOptions: nil)
        connectInitialScene()
        UpdateCycle.shared.run()
    }

    /// Runs the main run loop for ever: Wayland events, the main dispatch
    /// queue, timers and main-actor tasks, with the update at the end of
    /// each turn.
    func runMainLoop() -> Never {
        isRunning = true
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// The compositor asked `window` to close (xdg_toplevel.close): the
    /// window hides, and when no visible window remains the app ends, as a
    /// desktop app whose last window closed does.
    func windowCloseRequested(_ window: UIWindow) {
        window.isHidden = true
        window.synchronizeVisibility()
        if windows.allSatisfy(\.isHidden) { terminate() }
    }

    /// Tells the delegate, sends what is pending, and ends the process with status 0.
    func terminate() {
        disconnectScenes()
        delegate?.applicationWillTerminate(self)
        UpdateCycle.shared.run()
        CompositorConnection.current?.flush()
        isRunning = false
        terminationHandler(0)
    }
}
