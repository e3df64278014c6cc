import StrataProtocol

extension RenderLayer: CustomStringConvertible {
    /// One line: name (or address), geometry and the visual properties that are set.
    public var description: String {
        var parts = [name.map { "\"\($0)\"" } ?? "<layer \(Unmanaged.passUnretained(self).toOpaque())>"]
        parts.append("position=(\(position.x), \(position.y))")
        parts.append("bounds=(\(bounds.minX), \(bounds.minY), \(bounds.width), \(bounds.height))")
        if anchorPoint != Point(x: 0.5, y: 0.5) { parts.append("anchor=(\(anchorPoint.x), \(anchorPoint.y))") }
        if !transform.isIdentity {
            let t = transform
            parts.append("transform=[\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)]")
        }
        if opacity != 1 { parts.append("opacity=\(opacity)") }
        if isHidden { parts.append("hidden") }
        if masksToBounds { parts.append("masksToBounds") }
        if isOpaque { parts.append("opaque") }
        if let c = backgroundColor { parts.append("background=(\(c.red), \(c.green), \(c.blue), \(c.alpha))") }
        if let image = contents {
            parts.append("contents=\(image.width)×\(image.height)\(image.hasAlpha ? "" : " opaque") scale=\(contentsScale) gravity=\(contentsGravity)")
            if contentsTransform != .normal { parts.append("contentsTransform=\(contentsTransform)") }
            if contentsCenter != Rect(x: 0, y: 0, width: 1, height: 1) {
                let r = contentsCenter
                parts.append("center=(\(r.minX), \(r.minY), \(r.width), \(r.height))")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The subtree, one layer a line, indented by depth (for dumps and test failures).
    public var treeDescription: String {
        var lines: [String] = []
        var stack = [(self, 0)]
        while let (layer, depth) = stack.popLast() {
            // Indentation stops growing at 32 levels (it would make a deep
            // chain's description quadratic in size); the depth is written instead.
            let indent = depth <= 32 ? String(repeating: "  ", count: depth) : String(repeating: "  ", count: 32) + "[\(depth)] "
            lines.append(indent + layer.description)
            stack += layer.sublayers.reversed().map { ($0, depth + 1) }
        }
        return lines.joined(separator: "\n")
    }
}
