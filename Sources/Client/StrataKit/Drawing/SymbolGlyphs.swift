import Foundation

/// Line drawings for the system symbols apps use most, each in a 24-unit
/// square, stroked at the configuration's weight (filled where the name
/// says `.fill`), rendered at twice the point scale so they stay crisp on
/// HiDPI outputs.
enum SymbolGlyphs {
    /// Drawn symbols, by name and configuration: a list asks for the same few on every row.
    nonisolated(unsafe) private static var cache: [String: [UIImage.SymbolConfiguration: UIImage]] = [:]

    static func render(_ name: String, configuration: UIImage.SymbolConfiguration) -> UIImage {
        if let image = cache[name]?[configuration] { return image }
        let image = draw(name, configuration: configuration)
        if cache.count > 512 { cache = [:] }
        cache[name, default: [:]][configuration] = image
        return image
    }

    private static func draw(_ name: String, configuration: UIImage.SymbolConfiguration) -> UIImage {
        let side = max(1, min(1024, (configuration.resolvedPointSize * 1.2 * configuration.scale.factor).rounded()))
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            let cg = context.cgContext
            cg.scaleBy(x: side / 24, y: side / 24)
            UIColor.black.setStroke()
            UIColor.black.setFill()
            var pen = Pen(width: configuration.weight.strokeWidth)
            let base = name.replacingOccurrences(of: ".fill", with: "")
            pen.filled = name.hasSuffix(".fill") || name.contains(".fill.")
            draw(base, with: &pen)
        }
    }

    /// Strokes or fills shapes in the 24-unit square.
    struct Pen {
        let width: CGFloat
        var filled = false

        func stroke(_ path: UIBezierPath) {
            path.lineWidth = width
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            path.stroke()
        }

        /// Filled for a `.fill` name, outlined otherwise.
        func shape(_ path: UIBezierPath) {
            if filled { path.fill() } else { stroke(path) }
        }

        func line(_ points: (CGFloat, CGFloat)...) {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: points[0].0, y: points[0].1))
            for point in points.dropFirst() { path.addLine(to: CGPoint(x: point.0, y: point.1)) }
            stroke(path)
        }

        func polygon(_ points: [(CGFloat, CGFloat)]) -> UIBezierPath {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: points[0].0, y: points[0].1))
            for point in points.dropFirst() { path.addLine(to: CGPoint(x: point.0, y: point.1)) }
            path.close()
            return path
        }

        func circle(_ x: CGFloat, _ y: CGFloat, _ r: CGFloat) -> UIBezierPath {
            UIBezierPath(ovalIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }

        func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ r: CGFloat = 2) -> UIBezierPath {
            UIBezierPath(roundedRect: CGRect(x: x, y: y, width: w, height: h), cornerRadius: r)
        }

        /// A mark drawn over a filled shape, cut out of it (white on black is
        /// made clear by the template tinting's source-in).
        func cut(_ body: () -> Void) {
            guard filled else { return body() }
            UIGraphicsGetCurrentContext()?.setBlendMode(.clear)
            body()
            UIGraphicsGetCurrentContext()?.setBlendMode(.normal)
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private static func draw(_ name: String, with pen: inout Pen) {
        switch name {
        case "plus": pen.line((12, 4), (12, 20)); pen.line((4, 12), (20, 12))
        case "minus": pen.line((4, 12), (20, 12))
        case "xmark": pen.line((5, 5), (19, 19)); pen.line((19, 5), (5, 19))
        case "checkmark": pen.line((4, 12.5), (9.5, 18), (20, 6))
        case "chevron.right", "chevron.forward": pen.line((9, 4), (17, 12), (9, 20))
        case "chevron.left", "chevron.backward": pen.line((15, 4), (7, 12), (15, 20))
        case "chevron.up": pen.line((4, 15), (12, 7), (20, 15))
        case "chevron.down": pen.line((4, 9), (12, 17), (20, 9))
        case "arrow.right", "arrow.forward": pen.line((4, 12), (20, 12)); pen.line((14, 6), (20, 12), (14, 18))
        case "arrow.left", "arrow.backward": pen.line((20, 12), (4, 12)); pen.line((10, 6), (4, 12), (10, 18))
        case "arrow.up": pen.line((12, 20), (12, 4)); pen.line((6, 10), (12, 4), (18, 10))
        case "arrow.down": pen.line((12, 4), (12, 20)); pen.line((6, 14), (12, 20), (18, 14))
        case "arrow.clockwise", "arrow.counterclockwise", "arrow.triangle.2.circlepath":
            let arc = UIBezierPath(arcCenter: CGPoint(x: 12, y: 12), radius: 7.5, startAngle: -.pi / 2, endAngle: .pi * 1.25, clockwise: true)
            pen.stroke(arc)
            pen.line((12, 1.5), (15, 4.5), (12, 7.5))
        case "ellipsis":
            for x in [5.0, 12.0, 19.0] as [CGFloat] { pen.circle(x, 12, 1.8).fill() }
        case "circle": pen.shape(pen.circle(12, 12, 9))
        case "square": pen.shape(pen.rect(3.5, 3.5, 17, 17, 3))
        case "heart":
            let heart = UIBezierPath()
            heart.move(to: CGPoint(x: 12, y: 20))
            heart.addCurve(to: CGPoint(x: 12, y: 7), controlPoint1: CGPoint(x: 1, y: 12), controlPoint2: CGPoint(x: 5, y: 1))
            heart.addCurve(to: CGPoint(x: 12, y: 20), controlPoint1: CGPoint(x: 19, y: 1), controlPoint2: CGPoint(x: 23, y: 12))
            pen.shape(heart)
        case "star":
            var points: [(CGFloat, CGFloat)] = []
            for index in 0..<10 {
                let radius: CGFloat = index % 2 == 0 ? 9.5 : 4.2
                let angle = -CGFloat.pi / 2 + CGFloat(index) * .pi / 5
                points.append((12 + radius * cos(angle), 12.8 + radius * sin(angle)))
            }
            pen.shape(pen.polygon(points))
        case "trash":
            pen.line((3.5, 6), (20.5, 6)); pen.line((9, 6), (9.5, 3), (14.5, 3), (15, 6))
            pen.shape(pen.polygon([(5.5, 6), (7, 21), (17, 21), (18.5, 6)]))
            pen.cut { pen.line((10, 10), (10.3, 17)); pen.line((14, 10), (13.7, 17)) }
        case "gear", "gearshape", "gearshape.2":
            for index in 0..<8 {
                let angle = CGFloat(index) * .pi / 4
                pen.line((12 + 7.5 * cos(angle), 12 + 7.5 * sin(angle)), (12 + 10 * cos(angle), 12 + 10 * sin(angle)))
            }
            pen.shape(pen.circle(12, 12, 7))
            pen.cut { pen.stroke(pen.circle(12, 12, 2.8)) }
        case "person", "person.crop.circle", "person.circle":
            if name != "person" { pen.stroke(pen.circle(12, 12, 10)) }
            let small: CGFloat = name == "person" ? 1 : 0.7
            pen.shape(pen.circle(12, 12 - 4.5 * small, 4 * small))
            let body = UIBezierPath()
            body.move(to: CGPoint(x: 12 - 7.5 * small, y: 12 + 8.5 * small))
            body.addCurve(to: CGPoint(x: 12 + 7.5 * small, y: 12 + 8.5 * small),
                          controlPoint1: CGPoint(x: 12 - 7.5 * small, y: 12 + 1 * small), controlPoint2: CGPoint(x: 12 + 7.5 * small, y: 12 + 1 * small))
            body.close()
            pen.shape(body)
        case "person.2":
            pen.shape(pen.circle(9, 8, 3.5)); pen.shape(pen.circle(17, 9, 2.8))
            pen.line((2.5, 19), (4, 14.5), (14, 14.5), (15.5, 19)); pen.line((16, 14), (20, 14), (21.5, 18))
        case "envelope":
            pen.shape(pen.rect(2.5, 5, 19, 14, 2))
            pen.cut { pen.line((3, 6), (12, 13), (21, 6)) }
        case "paperplane":
            pen.shape(pen.polygon([(2.5, 11), (21.5, 3), (14, 21.5), (11, 13)]))
            pen.cut { pen.line((11, 13), (21.5, 3)) }
        case "archivebox":
            pen.shape(pen.rect(2.5, 4, 19, 5, 1)); pen.shape(pen.rect(4, 9, 16, 11, 1.5))
            pen.cut { pen.line((9.5, 12.5), (14.5, 12.5)) }
        case "square.and.arrow.up":
            pen.line((8, 9), (5, 9), (5, 21), (19, 21), (19, 9), (16, 9)); pen.line((12, 2), (12, 14)); pen.line((8, 6), (12, 2), (16, 6))
        case "square.and.pencil":
            pen.line((11, 4), (4, 4), (4, 20), (20, 20), (20, 13)); pen.line((10, 14), (11, 10.5), (19.5, 2), (22, 4.5), (13.5, 13), (10, 14))
        case "pencil": pen.shape(pen.polygon([(4, 20), (5, 15.5), (16.5, 4), (20, 7.5), (8.5, 19)]))
        case "magnifyingglass": pen.stroke(pen.circle(10, 10, 6.5)); pen.line((15, 15), (21, 21))
        case "bell":
            let bell = UIBezierPath()
            bell.move(to: CGPoint(x: 3.5, y: 18))
            bell.addLine(to: CGPoint(x: 6, y: 14.5))
            bell.addCurve(to: CGPoint(x: 18, y: 14.5), controlPoint1: CGPoint(x: 6, y: 1), controlPoint2: CGPoint(x: 18, y: 1))
            bell.addLine(to: CGPoint(x: 20.5, y: 18))
            bell.close()
            pen.shape(bell)
            pen.line((10, 21), (14, 21))
        case "house":
            pen.line((2.5, 11.5), (12, 3), (21.5, 11.5))
            pen.shape(pen.polygon([(5, 10), (5, 21), (19, 21), (19, 10), (12, 4)]))
        case "folder":
            pen.shape(pen.polygon([(2.5, 5), (9, 5), (11, 7.5), (21.5, 7.5), (21.5, 19.5), (2.5, 19.5)]))
        case "doc", "doc.text":
            pen.shape(pen.polygon([(5, 2.5), (14, 2.5), (19, 7.5), (19, 21.5), (5, 21.5)]))
            if name == "doc.text" { pen.cut { pen.line((8.5, 12), (15.5, 12)); pen.line((8.5, 16), (15.5, 16)) } }
        case "photo", "photo.on.rectangle":
            pen.shape(pen.rect(2.5, 4.5, 19, 15, 2.5))
            pen.cut { pen.line((3, 17), (9, 11), (13, 15), (16, 12), (21, 17)); pen.circle(16, 8.5, 1.6).fill() }
        case "camera":
            pen.shape(pen.polygon([(2.5, 7.5), (7, 7.5), (9, 4.5), (15, 4.5), (17, 7.5), (21.5, 7.5), (21.5, 19.5), (2.5, 19.5)]))
            pen.cut { pen.stroke(pen.circle(12, 13, 3.8)) }
        case "flag": pen.line((5, 21.5), (5, 3)); pen.shape(pen.polygon([(5, 3.5), (19.5, 3.5), (16, 8.5), (19.5, 13.5), (5, 13.5)]))
        case "bookmark": pen.shape(pen.polygon([(6, 2.5), (18, 2.5), (18, 21.5), (12, 16.5), (6, 21.5)]))
        case "tag": pen.shape(pen.polygon([(2.5, 2.5), (11.5, 2.5), (21.5, 12.5), (12.5, 21.5), (2.5, 11.5)])); pen.cut { pen.circle(7.5, 7.5, 1.6).fill() }
        case "info.circle", "info":
            if name == "info.circle" { pen.shape(pen.circle(12, 12, 9.5)) }
            pen.cut { pen.circle(12, 7.5, 1.4).fill(); pen.line((12, 11), (12, 17)) }
        case "exclamationmark.triangle":
            pen.shape(pen.polygon([(12, 3), (22, 20.5), (2, 20.5)]))
            pen.cut { pen.line((12, 9), (12, 14.5)); pen.circle(12, 17.5, 1.2).fill() }
        case "exclamationmark.circle":
            pen.shape(pen.circle(12, 12, 9.5))
            pen.cut { pen.line((12, 6.5), (12, 13)); pen.circle(12, 16.5, 1.2).fill() }
        case "questionmark.circle":
            pen.shape(pen.circle(12, 12, 9.5))
            pen.cut {
                let hook = UIBezierPath(arcCenter: CGPoint(x: 12, y: 9.5), radius: 3, startAngle: .pi, endAngle: .pi * 2.4, clockwise: true)
                hook.addLine(to: CGPoint(x: 12, y: 14))
                pen.stroke(hook)
                pen.circle(12, 17.5, 1.2).fill()
            }
        case "plus.circle", "minus.circle", "xmark.circle", "checkmark.circle":
            pen.shape(pen.circle(12, 12, 9.5))
            pen.cut {
                switch name {
                case "plus.circle": pen.line((12, 7.5), (12, 16.5)); pen.line((7.5, 12), (16.5, 12))
                case "minus.circle": pen.line((7.5, 12), (16.5, 12))
                case "xmark.circle": pen.line((8.5, 8.5), (15.5, 15.5)); pen.line((15.5, 8.5), (8.5, 15.5))
                default: pen.line((7.5, 12.5), (10.5, 15.5), (16.5, 8.5))
                }
            }
        case "ellipsis.circle":
            pen.shape(pen.circle(12, 12, 9.5))
            pen.cut { for x in [7.5, 12.0, 16.5] as [CGFloat] { pen.circle(x, 12, 1.4).fill() } }
        case "calendar":
            pen.shape(pen.rect(3, 4.5, 18, 16.5, 2.5)); pen.line((7.5, 2.5), (7.5, 6)); pen.line((16.5, 2.5), (16.5, 6))
            pen.cut { pen.line((3.5, 9.5), (20.5, 9.5)) }
        case "clock":
            pen.shape(pen.circle(12, 12, 9.5))
            pen.cut { pen.line((12, 6.5), (12, 12), (16, 14.5)) }
        case "list.bullet":
            for y in [6.0, 12.0, 18.0] as [CGFloat] { pen.circle(4.5, y, 1.5).fill(); pen.line((9, y), (21, y)) }
        case "line.3.horizontal", "line.horizontal.3": for y in [6.0, 12.0, 18.0] as [CGFloat] { pen.line((3.5, y), (20.5, y)) }
        case "square.grid.2x2":
            for (x, y) in [(3.0, 3.0), (13.0, 3.0), (3.0, 13.0), (13.0, 13.0)] as [(CGFloat, CGFloat)] { pen.shape(pen.rect(x, y, 8, 8, 2)) }
        case "link":
            pen.stroke(pen.rect(2.5, 9, 11, 6, 3)); pen.stroke(pen.rect(10.5, 9, 11, 6, 3))
        case "lock":
            pen.shape(pen.rect(4.5, 10.5, 15, 11, 2.5))
            pen.stroke(UIBezierPath(arcCenter: CGPoint(x: 12, y: 9), radius: 4.5, startAngle: .pi, endAngle: 0, clockwise: true))
            pen.line((7.5, 9), (7.5, 10.5)); pen.line((16.5, 9), (16.5, 10.5))
        case "globe":
            pen.stroke(pen.circle(12, 12, 9.5)); pen.line((2.5, 12), (21.5, 12))
            pen.stroke(UIBezierPath(ovalIn: CGRect(x: 7.5, y: 2.5, width: 9, height: 19)))
        case "cart":
            pen.line((1.5, 3.5), (5, 3.5), (7.5, 15.5), (19, 15.5), (21, 7), (6, 7))
            pen.circle(9, 19.5, 1.7).fill(); pen.circle(17, 19.5, 1.7).fill()
        case "message", "bubble.left":
            let bubble = pen.rect(2.5, 3.5, 19, 13.5, 5)
            bubble.move(to: CGPoint(x: 6.5, y: 16.5))
            bubble.addLine(to: CGPoint(x: 5, y: 21.5))
            bubble.addLine(to: CGPoint(x: 11, y: 16.5))
            pen.shape(bubble)
        case "phone":
            let handset = UIBezierPath()
            handset.move(to: CGPoint(x: 5, y: 3.5))
            handset.addLine(to: CGPoint(x: 8.5, y: 3))
            handset.addLine(to: CGPoint(x: 10.5, y: 8))
            handset.addLine(to: CGPoint(x: 8.5, y: 10))
            handset.addQuadCurve(to: CGPoint(x: 14, y: 15.5), controlPoint: CGPoint(x: 10.5, y: 13.5))
            handset.addLine(to: CGPoint(x: 16, y: 13.5))
            handset.addLine(to: CGPoint(x: 21, y: 15.5))
            handset.addLine(to: CGPoint(x: 20.5, y: 19))
            handset.addQuadCurve(to: CGPoint(x: 5, y: 3.5), controlPoint: CGPoint(x: 4, y: 20))
            handset.close()
            pen.shape(handset)
        case "play": pen.shape(pen.polygon([(7, 4), (20, 12), (7, 20)]))
        case "pause": pen.shape(pen.rect(6, 4, 4, 16, 1)); pen.shape(pen.rect(14, 4, 4, 16, 1))
        case "stop": pen.shape(pen.rect(5, 5, 14, 14, 2))
        case "backward", "forward":
            let flip: (CGFloat) -> CGFloat = name == "forward" ? { $0 } : { 24 - $0 }
            pen.shape(pen.polygon([(flip(2), 6), (flip(12), 12), (flip(2), 18)]))
            pen.shape(pen.polygon([(flip(12), 6), (flip(22), 12), (flip(12), 18)]))
        case "music.note": pen.shape(pen.circle(8, 18, 3.5)); pen.line((11.5, 18), (11.5, 3.5), (18, 5.5), (18, 9), (11.5, 7))
        case "sun.max":
            pen.shape(pen.circle(12, 12, 4.5))
            for index in 0..<8 {
                let angle = CGFloat(index) * .pi / 4
                pen.line((12 + 7.5 * cos(angle), 12 + 7.5 * sin(angle)), (12 + 10 * cos(angle), 12 + 10 * sin(angle)))
            }
        case "moon":
            // The part of a circle outside a smaller one offset to the upper right.
            let degrees = CGFloat.pi / 180
            let moon = UIBezierPath(arcCenter: CGPoint(x: 12, y: 12), radius: 9, startAngle: 10.28 * degrees, endAngle: 259.72 * degrees, clockwise: true)
            moon.addArc(withCenter: CGPoint(x: 16.5, y: 7.5), radius: 7.5, startAngle: 215.5 * degrees, endAngle: 54.5 * degrees, clockwise: false)
            moon.close()
            pen.shape(moon)
        case "cloud":
            let cloud = UIBezierPath()
            cloud.move(to: CGPoint(x: 6.5, y: 18.5))
            cloud.addCurve(to: CGPoint(x: 8, y: 10), controlPoint1: CGPoint(x: 1.5, y: 18.5), controlPoint2: CGPoint(x: 2.5, y: 10.5))
            cloud.addCurve(to: CGPoint(x: 18, y: 11), controlPoint1: CGPoint(x: 9.5, y: 3.5), controlPoint2: CGPoint(x: 17, y: 4.5))
            cloud.addCurve(to: CGPoint(x: 17.5, y: 18.5), controlPoint1: CGPoint(x: 23, y: 11.5), controlPoint2: CGPoint(x: 22, y: 18.5))
            cloud.close()
            pen.shape(cloud)
        case "bolt": pen.shape(pen.polygon([(13.5, 2), (5, 13.5), (11.5, 13.5), (10, 22), (19, 10), (12.5, 10)]))
        case "wifi":
            for radius in [3.5, 7.5, 11.5] as [CGFloat] {
                pen.stroke(UIBezierPath(arcCenter: CGPoint(x: 12, y: 19), radius: radius, startAngle: .pi * 1.25, endAngle: .pi * 1.75, clockwise: true))
            }
            pen.circle(12, 19, 1.5).fill()
        case "map": pen.shape(pen.polygon([(2.5, 5.5), (8.5, 3), (15.5, 5.5), (21.5, 3), (21.5, 18.5), (15.5, 21), (8.5, 18.5), (2.5, 21)]))
        case "location", "location.north":
            pen.shape(pen.polygon([(21, 3), (3, 11), (11, 13), (13, 21)]))
        case "mappin", "mappin.and.ellipse":
            let pin = UIBezierPath(arcCenter: CGPoint(x: 12, y: 9), radius: 6.5, startAngle: .pi * 0.8, endAngle: .pi * 0.2, clockwise: true)
            pin.addLine(to: CGPoint(x: 12, y: 21.5))
            pin.close()
            pen.shape(pin)
            pen.cut { pen.circle(12, 9, 2).fill() }
        default:
            // A name without a drawing here: a neutral rounded square.
            pen.stroke(pen.rect(4, 4, 16, 16, 4))
        }
    }
}
