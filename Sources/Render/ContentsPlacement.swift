import StrataProtocol

/// One piece of a layer's contents: a rect of the image (in image pixels)
/// drawn into a rect of the layer (in bounds coordinates, points). Plain
/// contents are one slice; a nine-patch (contentsCenter) is up to nine.
struct ContentsSlice: Hashable {
    var source: Rect
    var destination: Rect
    /// Image pixels → upright pixels, for contents with a transform (see
    /// ContentsTransform); nil for plain contents, upright already.
    var imageToUpright: AffineTransform? = nil

    /// Image pixels → layer coordinates.
    var imageToLayer: AffineTransform {
        guard let imageToUpright else { return Self.placing(source, in: destination) }
        return imageToUpright.concatenating(Self.placing(imageToUpright.boundingBox(of: source), in: destination))
    }

    /// `source` stretched onto `destination`.
    private static func placing(_ source: Rect, in destination: Rect) -> AffineTransform {
        let sx = destination.width / source.width, sy = destination.height / source.height
        return AffineTransform(translationX: -source.minX, y: -source.minY)
            .concatenating(AffineTransform(scaleX: sx, y: sy))
            .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
    }
}

/// Where contents go in a layer, following CALayer.contentsGravity with
/// UIView.ContentMode's meaning (y grows downwards, so "top" is minY).
enum ContentsPlacement {
    /// The rect the whole contents image occupies, in layer coordinates.
    /// The contents' natural size in points is pixels / contentsScale.
    static func frame(imageWidth: Double, imageHeight: Double, contentsScale: Double,
                      gravity: ContentsGravity, bounds: Rect) -> Rect {
        let scale = contentsScale > 0 ? contentsScale : 1
        let w = imageWidth / scale, h = imageHeight / scale
        let b = bounds
        switch gravity {
        case .resize, .redraw:
            return b
        case .resizeAspect, .resizeAspectFill:
            let fx = b.width / w, fy = b.height / h
            let f = gravity == .resizeAspect ? min(fx, fy) : max(fx, fy)
            let fw = w * f, fh = h * f
            return Rect(x: b.minX + (b.width - fw) / 2, y: b.minY + (b.height - fh) / 2, width: fw, height: fh)
        default:
            let left = b.minX, right = b.maxX - w, midX = b.minX + (b.width - w) / 2
            let top = b.minY, bottom = b.maxY - h, midY = b.minY + (b.height - h) / 2
            let (x, y): (Double, Double)
            switch gravity {
            case .center: (x, y) = (midX, midY)
            case .top: (x, y) = (midX, top)
            case .bottom: (x, y) = (midX, bottom)
            case .left: (x, y) = (left, midY)
            case .right: (x, y) = (right, midY)
            case .topLeft: (x, y) = (left, top)
            case .topRight: (x, y) = (right, top)
            case .bottomLeft: (x, y) = (left, bottom)
            default: (x, y) = (right, bottom) // .bottomRight
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }

    /// The slices to draw. With contentsCenter other than the unit rect and
    /// contents drawn at other than their natural size, the edges keep their
    /// natural size (shrinking proportionally only when the frame is smaller
    /// than the two edges together) and the center stretches: corners are
    /// unscaled, edge strips scale along one axis.
    /// contentsRect (unit coordinates, clipped to the image) picks the part
    /// of the image that is placed as if it were the whole.
    /// With a contentsTransform, all of this applies to the upright image,
    /// and each slice's source is mapped back to the image's pixels.
    static func slices(imageWidth: Int, imageHeight: Int, contentsScale: Double, gravity: ContentsGravity,
                       contentsCenter: Rect, contentsRect: Rect = .unit, contentsTransform: ContentsTransform = .normal,
                       bounds: Rect) -> [ContentsSlice] {
        if contentsTransform != .normal {
            let imageToUpright = contentsTransform.imageToUpright(imageWidth: Double(imageWidth), imageHeight: Double(imageHeight))
            let upright = contentsTransform.swapsAxes ? (imageHeight, imageWidth) : (imageWidth, imageHeight)
            let uprightToImage = imageToUpright.inverted()!
            return slices(imageWidth: upright.0, imageHeight: upright.1, contentsScale: contentsScale, gravity: gravity,
                          contentsCenter: contentsCenter, contentsRect: contentsRect, bounds: bounds).map {
                ContentsSlice(source: uprightToImage.boundingBox(of: $0.source), destination: $0.destination,
                              imageToUpright: imageToUpright)
            }
        }
        let crop = Rect(x: contentsRect.minX * Double(imageWidth), y: contentsRect.minY * Double(imageHeight),
                        width: contentsRect.width * Double(imageWidth), height: contentsRect.height * Double(imageHeight))
            .intersection(Rect(x: 0, y: 0, width: Double(imageWidth), height: Double(imageHeight)))
        guard crop.width > 0, crop.height > 0 else { return [] }
        let scale = contentsScale > 0 ? contentsScale : 1
        let frame = frame(imageWidth: crop.width, imageHeight: crop.height, contentsScale: scale,
                          gravity: gravity, bounds: bounds)
        guard frame.width > 0, frame.height > 0 else { return [] }
        if contentsCenter == .unit {
            return [ContentsSlice(source: crop, destination: frame)]
        }
        let xs = segments(length: crop.width, scale: scale, low: contentsCenter.minX,
                          high: contentsCenter.maxX, start: frame.minX, size: frame.width)
        let ys = segments(length: crop.height, scale: scale, low: contentsCenter.minY,
                          high: contentsCenter.maxY, start: frame.minY, size: frame.height)
        var result: [ContentsSlice] = []
        for y in ys {
            for x in xs {
                result.append(ContentsSlice(
                    source: Rect(x: crop.minX + x.sourceStart, y: crop.minY + y.sourceStart,
                                 width: x.sourceEnd - x.sourceStart, height: y.sourceEnd - y.sourceStart),
                    destination: Rect(x: x.start, y: y.start, width: x.end - x.start, height: y.end - y.start)))
            }
        }
        return result
    }

    /// A piece of one axis: image pixels [sourceStart, sourceEnd) drawn at
    /// layer coordinates [start, end).
    private struct Segment {
        var sourceStart, sourceEnd, start, end: Double
    }

    /// One axis of the nine-patch: image pixels [0, length) into [start, start + size).
    private static func segments(length: Double, scale: Double, low: Double, high: Double,
                                 start: Double, size: Double) -> [Segment] {
        let natural = length / scale
        let lo = max(0, min(1, low)), hi = max(lo, min(1, high))
        // Unscaled along this axis, or the whole image is the center: one piece.
        if abs(size - natural) < gridEpsilon || (lo == 0 && hi == 1) {
            return [Segment(sourceStart: 0, sourceEnd: length, start: start, end: start + size)]
        }
        // Slices start and end on whole image pixels, so each can be drawn
        // from a view of just its pixels.
        let l = (lo * length).rounded()
        let r = max(l, length - ((1 - hi) * length).rounded())
        var lp = l / scale, rp = (length - r) / scale
        if lp + rp > size {
            let f = size / (lp + rp)
            lp *= f; rp *= f
        }
        let b1 = start + lp, b2 = max(b1, start + size - rp), end = start + size
        return [Segment(sourceStart: 0, sourceEnd: l, start: start, end: b1),
                Segment(sourceStart: l, sourceEnd: r, start: b1, end: b2),
                Segment(sourceStart: r, sourceEnd: length, start: b2, end: end)]
            .filter { $0.sourceEnd > $0.sourceStart && $0.end > $0.start }
    }
}
