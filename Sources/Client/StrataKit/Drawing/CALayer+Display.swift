import CCairo
import Foundation

/// The layer's backing store: display() for layers that draw their contents.
extension CALayer {
    /// The drawing half of `display()`: draws the invalidated part of the
    /// layer with `draw(in:)` into its backing store and makes that the contents.
    ///
    /// The store (bounds.size × contentsScale pixels, premultiplied ARGB32) is
    /// kept across passes while its pixel size stays the same, so only the
    /// invalidated rect (needsDisplayRect, or all of the bounds when none is
    /// recorded) is cleared — when clearsContextBeforeDrawing — and redrawn;
    /// drawing is clipped to it. `contentsDamage` then holds that rect in
    /// pixels, or nil when the store is new. Layers that don't draw
    /// (drawsContent false: no draw(_:) override, known before or learned
    /// during the call) get no store.
    func displayByDrawing() {
        // A pattern background is painted into the store, under the layer's own drawing.
        let pattern = backgroundColor?.patternImage != nil ? backgroundColor : nil
        guard drawsContent || pattern != nil else {
            // A pattern background taken away: its tiles go with it.
            if (contents as? CGImage)?.backingStoreOwner === self { contents = nil }
            return
        }
        let scale = contentsScale > 0 ? contentsScale : 1
        let pixelWidth = Int((bounds.width * scale).rounded(.up))
        let pixelHeight = Int((bounds.height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else {
            if (contents as? CGImage)?.backingStoreOwner === self { contents = nil }
            return
        }

        var store: CGImage
        var storeIsNew = false
        if let previous = contents as? CGImage, previous.backingStoreOwner === self,
           previous.width == pixelWidth, previous.height == pixelHeight {
            store = previous
        } else {
            store = CGImage(width: pixelWidth, height: pixelHeight)
            storeIsNew = true
        }

        let storeRect = CGRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        // The invalidated rect in store pixels, whole pixels covering it.
        var dirtyPixels = storeRect
        if !storeIsNew, !needsDisplayRect.isNull {
            let r = needsDisplayRect.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
            let scaled = CGRect(x: r.minX * scale, y: r.minY * scale, width: r.width * scale, height: r.height * scale)
            dirtyPixels = scaled.integral.intersection(storeRect)
        }
        guard !dirtyPixels.isNull, dirtyPixels.width > 0, dirtyPixels.height > 0 else { return }

        // A new store is drawn whole: widen the invalidation so the delegate
        // (UIView passes needsDisplayRect to draw(_:)) is asked for all of it.
        if storeIsNew, !needsDisplayRect.isNull { needsDisplayRect = bounds }

        let context = CGContext(image: store)
        if clearsContextBeforeDrawing || storeIsNew {
            context.clear(dirtyPixels)
        }
        context.clip(to: dirtyPixels)
        // UIKit's user space: points, top-left origin at the bounds' origin.
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        if let pattern {
            // Within the rounded corners, as a background color is drawn.
            context.saveGState()
            if cornerRadius > 0 {
                let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
                context.addPath(UIBezierPath(roundedRect: bounds, cornerRadius: radius).cgPath)
                context.clip()
            }
            context.setFillColor(pattern)
            context.fill(bounds)
            context.restoreGState()
        }
        draw(in: context)
        context.flush()
        // drawsContent is learned: an inherited do-nothing draw reports itself
        // while running. Such a layer keeps no store and no contents.
        guard drawsContent || pattern != nil else { return }

        // A new CGImage object each pass, so setting contents is a change even
        // when the pixels are the same store.
        let image = CGImage(adoptingSurface: cairo_surface_reference(store.surface))
        image.backingStoreOwner = self
        contents = image
        contentsDamage = storeIsNew ? nil : [dirtyPixels]
    }
}
