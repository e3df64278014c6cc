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
    /// line, seen in perspective: a homography, which pixman applies directly.
    private static func projected(_ image: LayerImage?, into target: LayerImage, centre: (Double, Double), angle: Double,
                                  aboutHorizontalAxis: Bool) {
        guard let image, abs(cos(angle)) > 1e-3 else { return }
        let w = Double(image.width), h = Double(image.height)
        let distance = eyeDistance * max(w, h)
        let (c, s) = (cos(angle), sin(angle))
        // Centred coordinates (u, v) → (D·c·u, D·v, D − s·u) for a turn
        // about the vertical axis; then back to pixels.
        var turn = pixman_f_transform()
        let m: [[Double]] = aboutHorizontalAxis
            ? [[distance, 0, 0], [0, distance * c, 0], [0, -s, distance]]
            : [[distance * c, 0, 0], [0, distance, 0], [-s, 0, distance]]
        let toCentre = [[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]]
        let fromCentre = [[1, 0, centre.0], [0, 1, centre.1], [0, 0, 1.0]]
        let imageToTarget = multiply(fromCentre, multiply(m, toCentre))
        // Scaled so the last term is 1: the matrix is homogeneous, and 16.16
        // fixed point keeps terms near 1 far more precisely than terms near 1/D.
        guard let inverse = invert(imageToTarget), abs(inverse[2][2]) > 1e-12 else { return }
        let targetToImage = inverse.map { $0.map { $0 / inverse[2][2] } }
        withUnsafeMutableBytes(of: &turn.m) { raw in
            let values = raw.bindMemory(to: Double.self)
            for row in 0..<3 { for column in 0..<3 { values[row * 3 + column] = targetToImage[row][column] } }
        }
        var transform = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&transform, &turn) != 0,
              let mask = quadMask(imageToTarget, width: w, height: h, target: target) else { return }
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

    /// An a8 mask of the image's corners mapped by `imageToTarget`: two triangles.
    private static func quadMask(_ imageToTarget: [[Double]], width w: Double, height h: Double, target: LayerImage) -> OpaquePointer? {
        func corner(_ x: Double, _ y: Double) -> pixman_point_fixed_t? {
            let m = imageToTarget
            let z = m[2][0] * x + m[2][1] * y + m[2][2]
            guard z > 1e-9 else { return nil }
            let tx = (m[0][0] * x + m[0][1] * y + m[0][2]) / z, ty = (m[1][0] * x + m[1][1] * y + m[1][2]) / z
            guard abs(tx) < 30000, abs(ty) < 30000 else { return nil }
            return pixman_point_fixed_t(x: pixman_fixed_t(tx * 65536), y: pixman_fixed_t(ty * 65536))
        }
        guard let a = corner(0, 0), let b = corner(w, 0), let c = corner(w, h), let d = corner(0, h),
              let mask = pixman_image_create_bits(PIXMAN_a8, Int32(target.width), Int32(target.height), nil, 0) else { return nil }
        var triangles = [pixman_triangle_t(p1: a, p2: b, p3: c), pixman_triangle_t(p1: a, p2: c, p3: d)]
        pixman_add_triangles(mask, 0, 0, 2, &triangles)
        return mask
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    private static func invert(_ m: [[Double]]) -> [[Double]]? {
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        guard abs(det) > 1e-12 else { return nil }
        let cofactors: [[Double]] = [
            [m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        return cofactors.map { $0.map { $0 / det } }
    }
}
