import Dispatch
import Foundation
import StrataRender
import StrataWayland

/// The app's own compositor, for a Wayland compositor that is not Strata:
/// the transaction encoder's nodes are `LocalLayer`s, a commit applies
/// them as Strata's compositor would, and each shown window draws its
/// layer tree with StrataRender into wl_shm buffers (`WindowPresenter`).
/// Animations play here, on the windows' frame callbacks, with the same
/// code as in Strata.
final class LocalCompositor: LayerTransport {
    let engine = AnimationEngine()
    private var dirtyLayers: [LocalLayer] = []
    /// The shown windows' presenters (a window's surface owns its presenter).
    private var presenters: [WeakPresenter] = []
    private var wakeTimer: DispatchSourceTimer?
    /// An animation moves: each frame callback asks for the next frame.
    private var isAnimating = false

    private struct WeakPresenter { weak var presenter: WindowPresenter? }

    // MARK: LayerTransport

    func makeNode() -> any LayerNode { LocalLayer(compositor: self) }

    func setContents(_ image: CGImage, changed rects: [CGRect], partial: Bool,
                     of node: any LayerNode, for layer: CALayer) throws -> Int {
        let local = node as! LocalLayer
        local.pendingContents = .image(image, rects: rects, partial: partial)
        markDirty(local)
        return rects.reduce(0) { $0 + Int($1.width * $1.height) * 4 }
    }

    func removeContents(of node: any LayerNode) {
        let local = node as! LocalLayer
        local.pendingContents = .removed
        markDirty(local)
    }

    func flush() {}

    func markDirty(_ layer: LocalLayer) {
        guard !layer.isDirty else { return }
        layer.isDirty = true
        dirtyLayers.append(layer)
    }

    // MARK: Windows

    func add(_ presenter: WindowPresenter) {
        presenters.removeAll { $0.presenter == nil || $0.presenter === presenter }
        presenters.append(WeakPresenter(presenter: presenter))
        engine.scale = shownPresenters.map(\.scale).max() ?? 1
    }

    private var shownPresenters: [WindowPresenter] { presenters.compactMap(\.presenter) }

    // MARK: Commit

    /// Applies the turn's changes, as Strata's compositor applies a
    /// strata_layers_v1 commit, then draws the frame they make.
    func commit() {
        engine.scale = shownPresenters.map(\.scale).max() ?? 1
        // A transition starts from the appearance before any of this commit applies.
        for layer in dirtyLayers where layer.hasPendingTransition && !layer.isDestroyed {
            let bytes = layer.bytesForPendingTransition(pendingBounds: layer.pending.bounds, scale: engine.scale)
            layer.captureAppearanceBeforeTransition(bytes: bytes, scale: engine.scale, fits: true)
        }
        for layer in dirtyLayers {
            if layer.isDestroyed {
                layer.commitDestruction()
            } else {
                layer.commitModel(layer.pending, sublayers: layer.structureChanged ? layer.pendingSublayers.map(\.renderLayer) : nil)
            }
            layer.commitMask()
            applyContents(of: layer)
            if !layer.pendingAnimationChanges.isEmpty { layer.applyAnimationChanges() }
            layer.finishCommit(engine: engine)
            layer.isDirty = false
            layer.structureChanged = false
        }
        dirtyLayers.removeAll(keepingCapacity: true)
        frame()
    }

    /// Contents are copied at commit, as the compositor copies a client's
    /// buffer: only the changed rects when the size stayed.
    private func applyContents(of layer: LocalLayer) {
        switch layer.pendingContents {
        case .unchanged: break
        case .removed: layer.model.contents = nil
        case .image(let image, let rects, let partial):
            let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
            var target = layer.model.contents
            var changed = rects.map(PixelRect.init(enclosing:))
            if !partial || target?.width != image.width || target?.height != image.height {
                target = LayerImage(width: image.width, height: image.height, hasAlpha: true)
                changed = [whole]
            }
            image.withPixels { pixels in
                for rect in changed { target?.copy(from: pixels, sourceStride: image.bytesPerRow, rect: rect) }
            }
            layer.model.contents = target
        }
        layer.pendingContents = .unchanged
    }

    // MARK: Frames

    /// One frame: animations move to now, then each window draws what
    /// changed and hands it to the compositor when it is ready for it.
    func frame() {
        wakeTimer?.cancel()
        wakeTimer = nil
        let now = CACurrentMediaTime()
        let shown = shownPresenters
        let wake = engine.present(at: now, scenes: shown.map(\.scene))
        for presenter in shown { presenter.draw() }
        isAnimating = wake.map { $0 <= now } ?? false
        guard let wake else { return }
        // A moving animation's next frame comes with a frame callback, unless
        // no window is waiting for one (nothing it moves is on screen).
        if isAnimating && shown.contains(where: \.isWaitingForFrame) { return }
        let delay = max(wake - now, 1.0 / 60)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + delay)
        timer.setEventHandler { [weak self] in self?.frame() }
        timer.resume()
        wakeTimer = timer
    }

    /// A window's compositor asked for its next frame.
    func windowWantsFrame() {
        if isAnimating { frame() }
    }
}

private extension PixelRect {
    init(enclosing rect: CGRect) {
        let r = rect.integral
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }
}
