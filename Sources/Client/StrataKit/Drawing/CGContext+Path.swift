import CCairo
import Foundation

/// Building the current path. Points are in user space and transformed by the
/// CTM as they are added.
extension CGContext {
    public func beginPath() {
        cairo_new_path(cairo)
    }

    public func move(to point: CGPoint) {
        cairo_move_to(cairo, Double(point.x), Double(point.y))
    }

    public func addLine(to point: CGPoint) {
        guard hasCurrentPoint else { return move(to: point) }
        cairo_line_to(cairo, Double(point.x), Double(point.y))
    }

    /// Moves to the first point and adds lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Line segments between pairs of points: strokes points[0]–points[1], points[2]–points[3], …
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    /// A closed rectangular subpath.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(cairo, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }

    public func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// A closed elliptical subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) {
        addPath(CGPath(ellipseIn: rect, transform: nil))
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle`
    /// (radians; angle 0 is +x and π/2 is +y), with a line to its start from
    /// the current point.
    ///
    /// `clockwise` is Core Graphics' and so refers to a y-up space: a clockwise
    /// arc goes from the start angle towards smaller angles. In UIKit's
    /// flipped (y-down) user space it therefore turns counterclockwise on
    /// screen, as Apple documents for CGContext/CGPath addArc ("In a flipped
    /// coordinate system … specifying a clockwise arc results in a
    /// counterclockwise arc after the transformation is applied").
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let (x, y, r) = (Double(center.x), Double(center.y), Double(abs(radius)))
        if clockwise {
            cairo_arc_negative(cairo, x, y, r, Double(startAngle), Double(endAngle))
        } else {
            cairo_arc(cairo, x, y, r, Double(startAngle), Double(endAngle))
        }
    }

    /// A line from the current point towards `tangent1End`, then an arc of
    /// `radius` tangent to that line and to the line from `tangent1End` to
    /// `tangent2End` (PostScript's arct; Core Graphics' addArc(tangent1End:…)).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard hasCurrentPoint else { return move(to: tangent1End) }
        let p0 = currentPointOfPath
        guard let arc = TangentArc(from: p0, corner: tangent1End, to: tangent2End, radius: radius) else {
            return addLine(to: tangent1End)
        }
        addLine(to: arc.start)
        addArc(center: arc.center, radius: arc.radius, startAngle: arc.startAngle, endAngle: arc.endAngle,
               clockwise: !arc.increasingAngles)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if !hasCurrentPoint { move(to: control1) }
        cairo_curve_to(cairo, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                       Double(end.x), Double(end.y))
    }

    /// A quadratic Bézier from the current point, as the equivalent cubic.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if !hasCurrentPoint { move(to: control) }
        let (control1, control2) = cubicControls(quadFrom: currentPointOfPath, control: control, to: end)
        addCurve(to: end, control1: control1, control2: control2)
    }

    public func closePath() {
        guard hasCurrentPoint else { return }
        cairo_close_path(cairo)
    }

    /// Adds `path`'s subpaths (in user space) to the current path.
    public func addPath(_ path: CGPath) {
        for element in path.elements {
            switch element {
            case .moveToPoint(let p): cairo_move_to(cairo, Double(p.x), Double(p.y))
            case .addLineToPoint(let p): addLine(to: p)
            case .addQuadCurveToPoint(let control, let p): addQuadCurve(to: p, control: control)
            case .addCurveToPoint(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closePath()
            }
        }
    }

    public var isPathEmpty: Bool {
        var count = 0
        if let path = cairo_copy_path(cairo) {
            count = Int(path.pointee.num_data)
            cairo_path_destroy(path)
        }
        return count == 0
    }

    /// The current point in user space (.zero when there is none).
    public var currentPointOfPath: CGPoint {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairo, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The bounds of the current path's points and control points, in user space.
    public var boundingBoxOfPath: CGRect {
        guard !isPathEmpty else { return .null }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cairo, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    var hasCurrentPoint: Bool { cairo_has_current_point(cairo) != 0 }

    /// Runs `body` (which may use and consume the current path) and then puts
    /// the current path back, for operations Core Graphics documents as
    /// leaving the path alone.
    func preservingPath(_ body: () -> Void) {
        let saved = cairo_copy_path(cairo)
        cairo_new_path(cairo)
        body()
        cairo_new_path(cairo)
        if let saved {
            if saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cairo, saved) }
            cairo_path_destroy(saved)
        }
    }
}

/// The geometry of an arc tangent to two lines meeting at a corner.
struct TangentArc {
    let center: CGPoint, radius: CGFloat
    let start: CGPoint
    let startAngle: CGFloat, endAngle: CGFloat
    let increasingAngles: Bool

    init?(from p0: CGPoint, corner p1: CGPoint, to p2: CGPoint, radius: CGFloat) {
        let v1 = (x: p0.x - p1.x, y: p0.y - p1.y), v2 = (x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        guard radius > 0, l1 > 0, l2 > 0 else { return nil }
        let u1 = (x: v1.x / l1, y: v1.y / l1), u2 = (x: v2.x / l2, y: v2.y / l2)
        let angle = acos(max(-1, min(1, u1.x * u2.x + u1.y * u2.y)))
        // Collinear lines have no tangent circle.
        guard angle > 1e-9, angle < .pi - 1e-9 else { return nil }
        let tangentDistance = radius / tan(angle / 2)
        let b = (x: u1.x + u2.x, y: u1.y + u2.y), bl = hypot(u1.x + u2.x, u1.y + u2.y)
        let centerDistance = radius / sin(angle / 2)
        center = CGPoint(x: p1.x + b.x / bl * centerDistance, y: p1.y + b.y / bl * centerDistance)
        self.radius = radius
        start = CGPoint(x: p1.x + u1.x * tangentDistance, y: p1.y + u1.y * tangentDistance)
        let end = CGPoint(x: p1.x + u2.x * tangentDistance, y: p1.y + u2.y * tangentDistance)
        startAngle = atan2(start.y - center.y, start.x - center.x)
        endAngle = atan2(end.y - center.y, end.x - center.x)
        var sweep = endAngle - startAngle
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep < -.pi { sweep += 2 * .pi }
        increasingAngles = sweep > 0
    }
}

/// The cubic control points of the quadratic Bézier from `start` to `end` with `control`.
func cubicControls(quadFrom start: CGPoint, control: CGPoint, to end: CGPoint) -> (CGPoint, CGPoint) {
    (CGPoint(x: start.x + (control.x - start.x) * 2 / 3, y: start.y + (control.y - start.y) * 2 / 3),
     CGPoint(x: end.x + (control.x - end.x) * 2 / 3, y: end.y + (control.y - end.y) * 2 / 3))
}
