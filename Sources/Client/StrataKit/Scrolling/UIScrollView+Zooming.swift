import Foundation

/// Zooming, as UIKit does it: the delegate's `viewForZooming(in:)` gets a
/// scale transform of `zoomScale` (its frame's origin stays put), and
/// `contentSize` follows its frame. A pinch zooms about the point between
/// the fingers and lets that point follow them; the scale stays within
/// `minimumZoomScale…maximumZoomScale`, or with `bouncesZoom` goes a little
/// beyond and springs back at the release.
extension UIScrollView {
    /// How far a pinch goes past a limit: the cube root of the ratio asked for.
    static let zoomRubberBandExponent: CGFloat = 1.0 / 3

    var viewForZooming: UIView? { delegate?.viewForZooming(in: self) }

    var isZoomingPossible: Bool {
        zoomScaleRange.lowerBound != zoomScaleRange.upperBound && viewForZooming != nil
    }

    /// The limits, in order and positive whatever was set (a bad value counts as 1).
    var zoomScaleRange: ClosedRange<CGFloat> {
        func sane(_ scale: CGFloat) -> CGFloat { scale.isFinite && scale > 0 ? scale : 1 }
        let a = sane(minimumZoomScale), b = sane(maximumZoomScale)
        return min(a, b)...max(a, b)
    }

    /// The pinch is made once the scales differ and there is a delegate to
    /// ask for a view; it begins only while the delegate names one.
    func updatePinchGestureRecognizer() {
        guard storedPinchGestureRecognizer == nil, delegate != nil,
              zoomScaleRange.lowerBound != zoomScaleRange.upperBound else { return }
        let pinch = UIPinchGestureRecognizer()
        pinch.addTarget(self, action: UIScrollView.handlePinch)
        addGestureRecognizer(pinch)
        storedPinchGestureRecognizer = pinch
    }

    /// setZoomScale(_:animated:): about the middle of the view.
    func zoom(toScale scale: CGFloat, animated: Bool) {
        guard scale.isFinite, let view = viewForZooming else { return }
        let scale = Self.clamp(scale, to: zoomScaleRange)
        let middle = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = view.convert(CGPoint(x: contentOffset.x + middle.x, y: contentOffset.y + middle.y), from: self)
        applyZoom(scale, to: view, keeping: anchor, at: middle, animated: animated)
    }

    /// zoom(to:animated:): the largest scale at which `rect` fits, centered.
    func zoomToShow(_ rect: CGRect, animated: Bool) {
        let rect = rect.standardized
        guard let view = viewForZooming, rect.width > 0, rect.height > 0,
              rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let scale = Self.clamp(min(bounds.width / rect.width, bounds.height / rect.height), to: zoomScaleRange)
        applyZoom(scale, to: view, keeping: CGPoint(x: rect.midX, y: rect.midY),
                  at: CGPoint(x: bounds.width / 2, y: bounds.height / 2), animated: animated)
    }

    /// Scales `view` to `scale`, then scrolls so that `anchor` (in the
    /// view's coordinates) shows at `viewportPoint` (from the view's top
    /// left), within the content.
    private func setZoom(_ scale: CGFloat, of view: UIView, keeping anchor: CGPoint, at viewportPoint: CGPoint) {
        let origin = view.frame.origin
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: origin.x + view.layer.anchorPoint.x * view.bounds.width * scale,
                              y: origin.y + view.layer.anchorPoint.y * view.bounds.height * scale)
        currentZoomScale = scale
        contentSize = view.frame.size
        let anchorNow = convert(anchor, from: view)
        contentOffset = clampedContentOffset(CGPoint(x: anchorNow.x - viewportPoint.x, y: anchorNow.y - viewportPoint.y))
    }

    private func applyZoom(_ scale: CGFloat, to view: UIView, keeping anchor: CGPoint, at viewportPoint: CGPoint,
                           animated: Bool) {
        guard animated else {
            setZoom(scale, of: view, keeping: anchor, at: viewportPoint)
            delegate?.scrollViewDidZoom(self)
            return
        }
        animateZoom(scale, of: view, keeping: anchor, at: viewportPoint) { [weak self] in
            guard let self else { return }
            self.delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// A view animation the compositor plays; the delegate hears of the
    /// scroll and the zoom once, after the block, so what it changes is
    /// not animated.
    private func animateZoom(_ scale: CGFloat, of view: UIView, keeping anchor: CGPoint, at viewportPoint: CGPoint,
                             completion: @escaping () -> Void) {
        let offsetBefore = contentOffset
        isSettingAnimatedOffset = true
        // The content keeps taking touches meanwhile, as UIKit's scrolling animations let it.
        UIView.animate(withDuration: Self.scrollAnimationDuration, delay: 0,
                       options: [.beginFromCurrentState, .allowUserInteraction],
                       animations: { self.setZoom(scale, of: view, keeping: anchor, at: viewportPoint) },
                       completion: { _ in completion() })
        isSettingAnimatedOffset = false
        if contentOffset != offsetBefore { delegate?.scrollViewDidScroll(self) }
        delegate?.scrollViewDidZoom(self)
    }

    // MARK: The pinch

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = viewForZooming else { return }
        switch pinch.state {
        case .began:
            stopDeceleration()
            isZooming = true
            pinchStart = (zoomScale, view.convert(pinch.location(in: self), from: self))
            delegate?.scrollViewWillBeginZooming(self, with: view)
            followPinch(pinch, view: view)
        case .changed:
            followPinch(pinch, view: view)
        case .ended, .cancelled:
            endPinch(view: view)
        default:
            break
        }
    }

    private func followPinch(_ pinch: UIPinchGestureRecognizer, view: UIView) {
        guard let start = pinchStart else { return }
        let asked = start.scale * pinch.scale
        guard asked.isFinite, asked > 0 else { return }
        let scale = bouncesZoom ? rubberBandedScale(asked) : Self.clamp(asked, to: zoomScaleRange)
        let location = pinch.location(in: self)
        applyZoom(scale, to: view, keeping: start.anchor,
                  at: CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y), animated: false)
    }

    /// Past a limit, the scale follows the fingers ever less.
    private func rubberBandedScale(_ scale: CGFloat) -> CGFloat {
        let range = zoomScaleRange
        if scale > range.upperBound { return range.upperBound * pow(scale / range.upperBound, Self.zoomRubberBandExponent) }
        if scale < range.lowerBound { return range.lowerBound * pow(scale / range.lowerBound, Self.zoomRubberBandExponent) }
        return scale
    }

    private func endPinch(view: UIView) {
        isZooming = false
        pinchStart = nil
        let limited = Self.clamp(zoomScale, to: zoomScaleRange)
        guard limited != zoomScale else {
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale)
            return
        }
        // Beyond a limit: spring back to it, then the zoom has ended.
        isZoomBouncing = true
        let middle = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let anchor = view.convert(CGPoint(x: contentOffset.x + middle.x, y: contentOffset.y + middle.y), from: self)
        animateZoom(limited, of: view, keeping: anchor, at: middle) { [weak self] in
            guard let self else { return }
            self.isZoomBouncing = false
            self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: limited)
        }
    }
}
