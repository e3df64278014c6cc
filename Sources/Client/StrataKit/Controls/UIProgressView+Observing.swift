import Foundation

/// Following `observedProgress` without key-value observing: its
/// `fractionCompleted` is read when it is set and then every tenth of a
/// second on the event clock (so tests advance it), only while the view is
/// in a window; each change slides the fill.
extension UIProgressView {
    static let observationInterval: TimeInterval = 0.1

    func observedProgressDidChange() {
        observationTimer?.cancel()
        observationTimer = nil
        guard let observed = observedProgress else { return }
        setProgress(Float(observed.fractionCompleted), animated: false)
        guard window != nil else { return }
        scheduleObservation()
    }

    private func scheduleObservation() {
        observationTimer = EventClocks.current.schedule(after: UIProgressView.observationInterval) { [weak self] in
            guard let self, let observed = self.observedProgress, self.window != nil else { return }
            self.setProgress(Float(observed.fractionCompleted), animated: true)
            self.scheduleObservation()
        }
    }
}
