import StrataProtocol
import StrataRender

// The output layout, in points: outputs where configurations placed them,
// the others side by side from x 0, left to right, top edges aligned. The scene root's bounds cover the whole layout,
// and each output's renderer draws its own part of it.
extension Server {
    /// Places the outputs and sizes the scene root to their bounding box:
    /// each where a configuration put it, the others right of those
    /// placed before them, top edges at 0.
    func layOutOutputs() {
        var nextX = 0.0, nextPixelX = 0
        for output in outputs {
            if let position = outputPositions[output.name] {
                output.place(at: position, pixelX: Int((position.x * output.scale).rounded()))
            } else {
                output.place(at: Point(x: nextX, y: 0), pixelX: nextPixelX)
            }
            nextX = max(nextX, output.bounds.maxX)
            nextPixelX = max(nextPixelX, output.pixelX + output.pixelWidth)
        }
        let layout = Rect(x: 0, y: 0, width: outputs.map(\.bounds.maxX).max() ?? 0, height: outputs.map(\.bounds.maxY).max() ?? 0)
        if scene.bounds != layout { scene.bounds = layout }
    }

    /// The output named `name` (wl_output.name: HEADLESS-2, WL-1).
    func output(named name: String) -> Output? { outputs.first { $0.name == name } }

    /// The output showing `point`; nil where none does (below a shorter output).
    func output(at point: Point) -> Output? {
        outputs.first { o in
            let b = o.bounds
            return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
        }
    }

    /// The outputs `rect` overlaps, left to right.
    func outputs(overlapping rect: Rect) -> [Output] {
        outputs.filter { !$0.bounds.intersection(rect).isEmpty }
    }

    /// The output `rect` is on the most of; with no overlap, the one whose
    /// edge is nearest its center (a window dragged off the layout).
    func output(for rect: Rect) -> Output {
        func overlap(_ o: Output) -> Double {
            let shared = o.bounds.intersection(rect)
            return shared.isEmpty ? 0 : shared.width * shared.height
        }
        if let best = outputs.max(by: { overlap($0) < overlap($1) }), overlap(best) > 0 { return best }
        let center = Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
        return outputs.min { distance(from: center, to: $0.bounds) < distance(from: center, to: $1.bounds) } ?? outputs[0]
    }

    /// Where a new window goes: the output under the pointer, else the first.
    var outputForNewWindows: Output {
        (seat?.pointerHasMoved == true ? output(at: seat.pointerPosition) : nil) ?? outputs[0]
    }

    /// `point` moved onto the nearest output (the pointer cannot leave the layout).
    func clampedToOutputs(_ point: Point) -> Point {
        func clamp(_ p: Point, to b: Rect) -> Point {
            Point(x: min(max(p.x, b.minX), b.maxX - 1), y: min(max(p.y, b.minY), b.maxY - 1))
        }
        let target = output(at: point)
            ?? outputs.min { distance(from: point, to: $0.bounds) < distance(from: point, to: $1.bounds) } ?? outputs[0]
        return clamp(point, to: target.bounds)
    }

    private func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX), dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return dx * dx + dy * dy
    }
}

extension Server {
    /// The output `toplevel` is on (most of it): the one its maximized and
    /// fullscreen states fill. Before it is placed, where it will go.
    func output(of toplevel: Toplevel) -> Output {
        guard let origin = toplevel.origin else { return outputForNewWindows }
        return output(for: Rect(origin: origin, size: toplevel.geometry.size))
    }
}
