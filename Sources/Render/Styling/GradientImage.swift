import CPixman
import Glibc
import StrataProtocol

/// pixman gradients for CAGradientLayer's three types. Each is made in a
/// "gradient space" where pixman's 16.16 coordinates stay precise, with the
/// mapping to it from the layer's bounds space.
enum GradientImage {
    /// Gradient space units per unit of the bounds (axial) or of the unit circle (radial).
    private static let radialUnit = 256.0

    /// The source image (+1 reference) and layer → gradient space; nil
    /// when the gradient has no extent (start and end points together).
    static func make(_ gradient: GradientStyle, bounds: Rect, alpha: Double) -> (OpaquePointer, AffineTransform)? {
        var stops = gradient.stops.map { stop -> pixman_gradient_stop_t in
            func channel(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
            let c = stop.color
            return pixman_gradient_stop_t(x: pixmanFixed(stop.location),
                                          color: pixman_color_t(red: channel(c.red), green: channel(c.green), blue: channel(c.blue),
                                                                alpha: channel(c.alpha * alpha)))
        }
        guard !stops.isEmpty else { return nil }
        // One color: a plain fill, as a gradient of one stop would show.
        if stops.count == 1 { stops.append(pixman_gradient_stop_t(x: pixmanFixed(1), color: stops[0].color)) }
        func inLayer(_ p: Point) -> Point { Point(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height) }
        let start = inLayer(gradient.startPoint), end = inLayer(gradient.endPoint)
        let image: OpaquePointer?
        var layerToGradient = AffineTransform.identity
        switch gradient.type {
        case .axial:
            // In unit coordinates stretched over the bounds, as Core Graphics
            // draws a layer's gradient: (0,0)→(1,1) runs corner to corner
            // whatever the aspect ratio. Scaled, so 16.16 fixed point stays precise.
            guard gradient.startPoint != gradient.endPoint, bounds.width > 0, bounds.height > 0 else { return nil }
            layerToGradient = AffineTransform(translationX: -start.x, y: -start.y)
                .concatenating(AffineTransform(scaleX: radialUnit / bounds.width, y: radialUnit / bounds.height))
            var p1 = pixman_point_fixed_t(x: 0, y: 0)
            var p2 = pixman_point_fixed_t(x: pixmanFixed((gradient.endPoint.x - gradient.startPoint.x) * radialUnit),
                                          y: pixmanFixed((gradient.endPoint.y - gradient.startPoint.y) * radialUnit))
            image = pixman_image_create_linear_gradient(&p1, &p2, &stops, Int32(stops.count))
        case .radial:
            // An ellipse about the start point whose radii are the end point's
            // distances along x and y (one of them 0: a circle of the other).
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0, ry > 0 else { return nil }
            layerToGradient = AffineTransform(translationX: -start.x, y: -start.y)
                .concatenating(AffineTransform(scaleX: radialUnit / rx, y: radialUnit / ry))
            var center = pixman_point_fixed_t(x: 0, y: 0)
            image = pixman_image_create_radial_gradient(&center, &center, 0, pixmanFixed(radialUnit), &stops, Int32(stops.count))
        case .conic:
            // Clockwise on screen from the direction of the end point: pixman
            // turns the other way, so its space is mirrored vertically.
            layerToGradient = AffineTransform(translationX: -start.x, y: -start.y)
                .concatenating(AffineTransform(scaleX: 1, y: -1))
            let angle = atan2(end.y - start.y, end.x - start.x) * 180 / .pi
            var center = pixman_point_fixed_t(x: 0, y: 0)
            image = pixman_image_create_conical_gradient(&center, pixmanFixed(angle), &stops, Int32(stops.count))
        }
        guard let image else { return nil }
        pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
        return (image, layerToGradient)
    }
}
