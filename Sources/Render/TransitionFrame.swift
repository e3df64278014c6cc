import CPixman
import Foundation
import StrataProtocol

/// Draws one frame of a layer transition into an image of the layer's
/// size: the old appearance and the new one (snapshots of the layer), each
/// moved, faded or turned in perspective as the transition's kind says at
/// `progress`. The compositor shows this image in the layer's place while
/// the transition runs.
public enum TransitionFrame {
    /// The eye's distance from the layer in a flip, in layer sizes: about
    /// UIKit's perspective (its flips use m34 ≈ −1/(2.5 × the view's size)).
    static let eyeDistance = 2.5

    /// Room around the layer's bounds, in pixels, that a frame needs: a
    /// flip's near edge grows past the bounds by up to a quarter.
    public static func margin(for kind: LayerTransition.Kind, width: Int, height: Int) -> (x: Int, y: Int) {
        guard kind == .flip else { return (0, 0) }
        return (width / 8 + 2, height / 8 + 2)
    }

    /// A frame's size for snapshots of `width` × `height`.
    public static func frameSize(for kind: LayerTransition.Kind, width: Int, height: Int) -> (width: Int, height: Int) {
        let margin = margin(for: kind, width: width, height: height)
        return (width + 2 * margin.x, height + 2 * margin.y)
    }

    /// Draws into `target`, which is the layer's size in pixels plus
    /// `margin(for:)` on every side; the snapshots are the layer's size.
    public static func draw(_ transition: LayerTransition, progress: Double, old: LayerImage?, new: LayerImage?,
                            into target: LayerImage) {
        guard let size = old ?? new else { return clear(target) }
        let (marginX, marginY) = ((target.width - size.width) / 2, (target.height - size.height) / 2)
        let w = Double(target.width - 2 * marginX), h = Double(target.height - 2 * marginY)
        let origin = (Double(marginX), Double(marginY))
        clear(target)
        guard progress.isFinite else { return }
        let p = min(max(progress, 0), 1)
        // Offsets of a slide: where content entering from the direction's side starts.
        let (dx, dy): (Double, Double)
        switch transition.direction {
        case .fromLeft: (dx, dy) = (-w, 0)
        case .fromRight: (dx, dy) = (w, 0)
        case .fromTop: (dx, dy) = (0, -h)
        case .fromBottom: (dx, dy) = (0, h)
        }
        switch transition.kind {
        case .fade:
            // Old × (1 − p) + new × p: a true cross-dissolve, also where either is transparent.
            composite(new, into: target, offset: origin, alpha: p, op: PIXMAN_OP_ADD)
            composite(old, into: target, offset: origin, alpha: 1 - p, op: PIXMAN_OP_ADD)
        case .push:
            composite(old, into: target, offset: (-dx * p, -dy * p))
            composite(new, into: target, offset: (dx * (1 - p), dy * (1 - p)))
        case .moveIn:
            composite(old, into: target)
            composite(new, into: target, offset: (dx * (1 - p), dy * (1 - p)))
        case .reveal:
            composite(new, into: target)
            composite(old, into: target, offset: (-dx * p, -dy * p))
        case .curl:
            composite(new, into: target)
            let lift = transition.direction == .fromTop ? h : -h
            composite(old, into: target, offset: (0, lift * p), alpha: 1 - p)
        case .flip:
            // Half a turn: the old face until edge-on, then the new face from the other side.
            let angle = Double.pi * p
            let sign: Double = transition.direction == .fromLeft || transition.direction == .fromTop ? 1 : -1
            let vertical = transition.direction == .fromTop || transition.direction == .fromBottom
            let centre = (origin.0 + w / 2, origin.1 + h / 2)
            if p < 0.5 {
                projected(old, into: target, centre: centre, angle: sign * angle, aboutHorizontalAxis: vertical)
            } else {
                projected(new, into: target, centre: centre, angle: sign * (angle - Double.pi), aboutHorizontalAxis: vertical)
            }
        }
        target.addDamage(PixelRect(x: 0, y: 0, width: target.width, height: target.height))
    }

    private static func clear(_ target: LayerImage) {
        target.data.initializeMemory(as: UInt8.self, repeating: 0, count: target.stride * target.height)
    }

    private static func composite(_ image: LayerImage?, into target: LayerImage, offset: (Double, Double) = (0, 0),
                                  alpha: Double = 1, op: pixman_op_t = PIXMAN_OP_OVER) {
        guard let image, alpha > 0 else { return }
        let mask = alpha < 1 ? makeAlphaMask(alpha) : nil
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(op, image.image, mask, target.image, 0, 0, 0, 0,
                                 clampedInt32(clampedInt(offset.0.rounded())), clampedInt32(clampedInt(offset.1.rounded())),
                                 Int32(image.width), Int32(image.height))
    }

    /// The image turned by `angle` about its vertical (or horizontal) centre
    /// line, seen in perspective: the same 3-D projection a layer turned
    /// in depth is drawn through (RenderLayer+Depth.swift).
    private static func projected(_ image: LayerImage?, into target: LayerImage, centre: (Double, Double), angle: Double,
                                  aboutHorizontalAxis: Bool) {
        guard let image, abs(cos(angle)) > 1e-3 else { return }
        let w = Double(image.width), h = Double(image.height)
        // Core Animation's rotations, signed so that a positive angle turns
        // the bottom edge (about x) or the left edge (about y) towards the eye.
        let turn = aboutHorizontalAxis ? Transform3D(rotationAngle: angle, x: 1, y: 0, z: 0)
                                       : Transform3D(rotationAngle: -angle, x: 0, y: 1, z: 0)
        let imageToTarget = Homography(flattening: Transform3D(translationX: -w / 2, y: -h / 2, z: 0)
            .concatenating(turn)
            .concatenating(Transform3D(perspectiveDistance: eyeDistance * max(w, h)))
            .concatenating(Transform3D(translationX: centre.0, y: centre.1, z: 0)))
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let quad = imageToTarget.projectedPolygon(of: Rect(x: 0, y: 0, width: w, height: h))
        guard let targetToImage = imageToTarget.inverted(),
              var transform = SceneRenderer.pixmanTransform(targetToImage, width: target.width, height: target.height),
              let mask = SceneRenderer.polygonMask(quad, area: whole) else { return }
        defer { pixman_image_unref(mask) }
        pixman_image_set_transform(image.image, &transform)
        pixman_image_set_filter(image.image, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(image.image, PIXMAN_REPEAT_PAD)
        // Through the quad's own mask: its edges antialiased, and nothing
        // drawn outside it where fixed-point division strays.
        pixman_image_composite32(PIXMAN_OP_OVER, image.image, mask, target.image, 0, 0, 0, 0, 0, 0,
                                 Int32(target.width), Int32(target.height))
        pixman_image_set_transform(image.image, nil)
        pixman_image_set_filter(image.image, PIXMAN_FILTER_NEAREST, nil, 0)
    }
}
