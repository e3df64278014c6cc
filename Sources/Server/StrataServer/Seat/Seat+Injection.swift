import StrataProtocol

// `strata input`: each command becomes the InputEvents a real device
// would produce, through the same `handle(_:)` every backend uses.
extension Seat {
    /// Performs `command`; returns an error message (and sends nothing)
    /// when it cannot be done, such as a key the keymap lacks.
    func perform(_ command: InputCommand) -> String? {
        switch command {
        case .move(let x, let y):
            handle(.pointerMotion(Point(x: x, y: y)))
        case .press(let name):
            guard let button = PointerButton.named(name) else { return "unknown button '\(name)'" }
            handle(.pointerButton(button, .pressed))
        case .release(let name):
            guard let button = PointerButton.named(name) else { return "unknown button '\(name)'" }
            handle(.pointerButton(button, .released))
        case .click(let x, let y, let name, let count):
            guard let button = PointerButton.named(name) else { return "unknown button '\(name)'" }
            handle(.pointerMotion(Point(x: x, y: y)))
            for _ in 0..<count {
                handle(.pointerButton(button, .pressed))
                handle(.pointerButton(button, .released))
            }
        case .drag(let x1, let y1, let x2, let y2, let steps):
            handle(.pointerMotion(Point(x: x1, y: y1)))
            handle(.pointerButton(PointerButton.left, .pressed))
            for step in 1...max(steps, 1) {
                let t = Double(step) / Double(max(steps, 1))
                handle(.pointerMotion(Point(x: x1 + (x2 - x1) * t, y: y1 + (y2 - y1) * t)))
            }
            handle(.pointerButton(PointerButton.left, .released))
        case .scroll(let dx, let dy):
            // As a wheel tells it: 15 units a notch, with the turn in 120ths
            // (axis_value120, or whole notches as axis_discrete), which apps
            // such as Firefox follow rather than the distance.
            func turn(_ units: Double) -> Int32 { Int32(clamping: Int((units / 15 * 120).rounded())) }
            handle(.pointerAxis(vertical: dy, horizontal: dx, source: .wheel, verticalValue120: turn(dy), horizontalValue120: turn(dx)))
        case .key(let name, let half):
            guard let keysym = Keymap.keysym(named: name) else { return "unknown key name '\(name)'" }
            guard let stroke = keymap.stroke(for: keysym) else { return "no key produces '\(name)' in the keymap" }
            type([stroke], half: half)
        case .type(let text):
            var strokes: [Keymap.Stroke] = []
            for scalar in text.unicodeScalars {
                guard let keysym = Keymap.keysym(for: scalar), let stroke = keymap.stroke(for: keysym) else {
                    return "no key types '\(scalar.escaped(asASCII: true))' (U+\(String(scalar.value, radix: 16, uppercase: true))) in the keymap"
                }
                strokes.append(stroke)
            }
            type(strokes, half: .both)
        case .touchDown(let id, let x, let y):
            handle(.touchDown(id: id, Point(x: x, y: y)))
        case .touchMove(let id, let x, let y):
            handle(.touchMotion(id: id, Point(x: x, y: y)))
        case .touchUp(let id):
            handle(.touchUp(id: id))
        case .tap(let x, let y):
            // An id no finger holds now.
            let id = (0...).first { touchPoints[Int32($0)] == nil }.map(Int32.init) ?? 0
            handle(.touchDown(id: id, Point(x: x, y: y)))
            handle(.touchUp(id: id))
        case .swipe(let dx, let dy, let fingers, let steps, let cancel):
            handle(.pointerGesture(.swipeBegin(fingers: fingers)))
            for _ in 0..<steps { handle(.pointerGesture(.swipeUpdate(dx: dx / Double(steps), dy: dy / Double(steps)))) }
            handle(.pointerGesture(.swipeEnd(cancelled: cancel)))
        case .pinch(let scale, let rotation, let fingers, let steps, let cancel):
            handle(.pointerGesture(.pinchBegin(fingers: fingers)))
            for step in 1...steps {
                // The spread relative to the start, reaching `scale`; the turn since the previous update.
                let spread = 1 + (scale - 1) * Double(step) / Double(steps)
                handle(.pointerGesture(.pinchUpdate(dx: 0, dy: 0, scale: spread, rotation: rotation / Double(steps))))
            }
            handle(.pointerGesture(.pinchEnd(cancelled: cancel)))
        case .hold(let fingers, let cancel):
            handle(.pointerGesture(.holdBegin(fingers: fingers)))
            handle(.pointerGesture(.holdEnd(cancelled: cancel)))
        }
        return nil
    }

    /// Presses and releases each stroke's key, holding Shift around shifted ones.
    private func type(_ strokes: [Keymap.Stroke], half: InputCommand.KeyHalf) {
        let shift = keymap.shiftKey
        for stroke in strokes {
            if half != .up {
                if stroke.shift { handle(.key(shift, .pressed)) }
                handle(.key(stroke.key, .pressed))
            }
            if half != .down {
                handle(.key(stroke.key, .released))
                if stroke.shift { handle(.key(shift, .released)) }
            }
        }
    }
}
