import Foundation

/// An immutable path: subpaths of lines and Bézier curves, as Core Graphics'
/// CGPath. Arcs and ellipses are stored as cubic Béziers.
open class CGPath {
    enum Element: Equatable {
        case moveToPoint(CGPoint)
        case addLineToPoint(CGPoint)
        case addQuadCurveToPoint(CGPoint, CGPoint)
        case addCurveToPoint(CGPoint, CGPoint, CGPoint)
        case closeSubpath
    }

    var elements: [Element] = []
    /// Where the current subpath started (for closeSubpath) and the current point.
    var subpathStart: CGPoint?
    var current: CGPoint?

    init() {}

    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        appendRect(rect, transform?.pointee ?? .identity)
    }

    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        appendEllipse(in: rect, transform?.pointee ?? .identity)
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The current point (.zero for an empty path).
    public var currentPoint: CGPoint { current ?? .zero }

    /// The smallest rectangle holding every point, control points included.
    public var boundingBox: CGRect {
        var box = CGRect.null
        func include(_ p: CGPoint) { box = box.union(CGRect(origin: p, size: .zero)) }
        for element in elements {
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p): include(p)
            case .addQuadCurveToPoint(let c, let p): include(c); include(p)
            case .addCurveToPoint(let c1, let c2, let p): include(c1); include(c2); include(p)
            case .closeSubpath: break
            }
        }
        return box
    }

    public func copy() -> CGPath? {
        let copy = CGPath()
        copy.copyElements(from: self)
        return copy
    }

    public func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.copyElements(from: self)
        return copy
    }

    func copyElements(from other: CGPath) {
        elements = other.elements
        subpathStart = other.subpathStart
        current = other.current
    }

    // MARK: Building (used by CGMutablePath and the convenience initializers)

    func appendMove(_ p: CGPoint) {
        elements.append(.moveToPoint(p))
        subpathStart = p
        current = p
    }

    func appendLine(_ p: CGPoint) {
        guard current != nil else { return appendMove(p) }
        elements.append(.addLineToPoint(p))
        current = p
    }

    func appendCurve(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint) {
        if current == nil { appendMove(c1) }
        elements.append(.addCurveToPoint(c1, c2, p))
        current = p
    }

    func appendQuadCurve(_ c: CGPoint, _ p: CGPoint) {
        if current == nil { appendMove(c) }
        elements.append(.addQuadCurveToPoint(c, p))
        current = p
    }

    func appendClose() {
        guard current != nil else { return }
        elements.append(.closeSubpath)
        current = subpathStart
    }

    func appendRect(_ rect: CGRect, _ t: CGAffineTransform) {
        let r = rect.standardized
        appendMove(apply(t, CGPoint(x: r.minX, y: r.minY)))
        appendLine(apply(t, CGPoint(x: r.maxX, y: r.minY)))
        appendLine(apply(t, CGPoint(x: r.maxX, y: r.maxY)))
        appendLine(apply(t, CGPoint(x: r.minX, y: r.maxY)))
        appendClose()
    }

    /// A closed ellipse starting at the rect's right middle, going towards +y
    /// (Core Graphics' direction: clockwise in a y-up space turned upside down).
    func appendEllipse(in rect: CGRect, _ t: CGAffineTransform) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        let ellipse = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: center.x, ty: center.y)
        appendMove(apply(t, apply(ellipse, CGPoint(x: 1, y: 0))))
        appendArcCurves(angles: (0, 2 * .pi), onto: concat(ellipse, t))
        appendClose()
    }

    /// An arc of the circle around `center` (see CGContext.addArc for `clockwise`).
    func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                   _ t: CGAffineTransform) {
        let circle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
        let full = concat(circle, t)
        var end = endAngle
        // Like cairo and Core Graphics: sweep in the requested direction, less than one turn more.
        if clockwise {
            while end > startAngle { end -= 2 * .pi }
        } else {
            while end < startAngle { end += 2 * .pi }
        }
        let start = apply(full, CGPoint(x: cos(startAngle), y: sin(startAngle)))
        if current == nil { appendMove(start) } else { appendLine(start) }
        appendArcCurves(angles: (startAngle, end), onto: full)
    }

    /// Unit-circle arc from angles.0 to angles.1 as cubic Béziers of at most a
    /// quarter turn each, mapped by `t`; the current point is the arc's start.
    private func appendArcCurves(angles: (CGFloat, CGFloat), onto t: CGAffineTransform) {
        let sweep = angles.1 - angles.0
        guard sweep != 0 else { return }
        let count = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = angles.0
        for _ in 0..<count {
            let a1 = a0 + step
            let c1 = CGPoint(x: cos(a0) - k * sin(a0), y: sin(a0) + k * cos(a0))
            let c2 = CGPoint(x: cos(a1) + k * sin(a1), y: sin(a1) - k * cos(a1))
            appendCurve(apply(t, c1), apply(t, c2), apply(t, CGPoint(x: cos(a1), y: sin(a1))))
            a0 = a1
        }
    }
}

/// A path to build (Core Graphics' CGMutablePath). Every method takes an
/// optional transform applied to the points as they are added.
open class CGMutablePath: CGPath {
    public override init() { super.init() }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendMove(apply(transform, point))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        appendLine(apply(transform, point))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        appendMove(apply(transform, first))
        for p in points.dropFirst() { appendLine(apply(transform, p)) }
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        appendRect(rect, transform)
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { appendRect(rect, transform) }
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        appendEllipse(in: rect, transform)
    }

    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        appendArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
                  transform)
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let p0 = current else { return appendMove(apply(transform, tangent1End)) }
        // The path's points are already transformed; work in the untransformed space.
        let inverse = invert(transform)
        guard let arc = TangentArc(from: apply(inverse, p0), corner: tangent1End, to: tangent2End, radius: radius) else {
            return appendLine(apply(transform, tangent1End))
        }
        appendLine(apply(transform, arc.start))
        appendArc(center: arc.center, radius: arc.radius, startAngle: arc.startAngle, endAngle: arc.endAngle,
                  clockwise: !arc.increasingAngles, transform)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        appendCurve(apply(transform, control1), apply(transform, control2), apply(transform, end))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        appendQuadCurve(apply(transform, control), apply(transform, end))
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .moveToPoint(let p): appendMove(apply(transform, p))
            case .addLineToPoint(let p): appendLine(apply(transform, p))
            case .addQuadCurveToPoint(let c, let p): appendQuadCurve(apply(transform, c), apply(transform, p))
            case .addCurveToPoint(let c1, let c2, let p):
                appendCurve(apply(transform, c1), apply(transform, c2), apply(transform, p))
            case .closeSubpath: appendClose()
            }
        }
    }

    public func closeSubpath() {
        appendClose()
    }
}

// Affine helpers kept private to Drawing so they cannot clash with Geometry's API.
private func apply(_ t: CGAffineTransform, _ p: CGPoint) -> CGPoint {
    CGPoint(x: t.a * p.x + t.c * p.y + t.tx, y: t.b * p.x + t.d * p.y + t.ty)
}

/// `first` then `second`.
private func concat(_ first: CGAffineTransform, _ second: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(a: first.a * second.a + first.b * second.c, b: first.a * second.b + first.b * second.d,
                      c: first.c * second.a + first.d * second.c, d: first.c * second.b + first.d * second.d,
                      tx: first.tx * second.a + first.ty * second.c + second.tx,
                      ty: first.tx * second.b + first.ty * second.d + second.ty)
}

private func invert(_ t: CGAffineTransform) -> CGAffineTransform {
    let det = t.a * t.d - t.b * t.c
    guard det != 0 else { return t }
    return CGAffineTransform(a: t.d / det, b: -t.b / det, c: -t.c / det, d: t.a / det,
                             tx: (t.c * t.ty - t.d * t.tx) / det, ty: (t.b * t.tx - t.a * t.ty) / det)
}
