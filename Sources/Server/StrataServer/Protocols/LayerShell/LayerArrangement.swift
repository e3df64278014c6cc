import StrataProtocol

/// zwlr_layer_shell_v1.layer: where a layer surface is drawn, bottom to
/// top. The windows go between `bottom` and `top`.
public enum ShellLayer: UInt32, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    case background = 0, bottom, top, overlay

    public static func < (a: ShellLayer, b: ShellLayer) -> Bool { a.rawValue < b.rawValue }
    /// Above the windows.
    var isAboveWindows: Bool { self >= .top }

    public var description: String {
        switch self {
        case .background: return "background"
        case .bottom: return "bottom"
        case .top: return "top"
        case .overlay: return "overlay"
        }
    }
}

/// zwlr_layer_surface_v1.anchor: the output edges a layer surface holds to.
public struct LayerAnchor: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let top = LayerAnchor(rawValue: 1)
    public static let bottom = LayerAnchor(rawValue: 2)
    public static let left = LayerAnchor(rawValue: 4)
    public static let right = LayerAnchor(rawValue: 8)
    public static let all: LayerAnchor = [.top, .bottom, .left, .right]
}

/// zwlr_layer_surface_v1.keyboard_interactivity.
public enum KeyboardInteractivity: UInt32, Sendable {
    case none = 0, exclusive, onDemand
}

/// Margins from the anchored edges, in surface points.
public struct LayerMargins: Hashable, Sendable {
    public var top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0, left: Int32 = 0
    public init(top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0, left: Int32 = 0) {
        (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
    }
}

/// A layer surface's double-buffered state, as committed.
public struct LayerSurfaceState: Equatable, Sendable {
    public var layer: ShellLayer
    /// set_size; 0 stretches between the opposite anchors.
    public var width: UInt32 = 0
    public var height: UInt32 = 0
    public var anchor: LayerAnchor = []
    /// > 0 reserves that much from the anchored edge; 0 keeps out of
    /// others' zones; -1 ignores them (stretches over them).
    public var exclusiveZone: Int32 = 0
    public var margins = LayerMargins()
    public var keyboard = KeyboardInteractivity.none

    public init(layer: ShellLayer, width: UInt32 = 0, height: UInt32 = 0, anchor: LayerAnchor = [],
                exclusiveZone: Int32 = 0, margins: LayerMargins = LayerMargins(), keyboard: KeyboardInteractivity = .none) {
        (self.layer, self.width, self.height, self.anchor) = (layer, width, height, anchor)
        (self.exclusiveZone, self.margins, self.keyboard) = (exclusiveZone, margins, keyboard)
    }

    /// The one edge a positive exclusive zone reserves from: anchored to
    /// that edge alone, or to it and both edges beside it; nil otherwise
    /// (a corner, two opposite edges, all four, none).
    var exclusiveEdge: LayerAnchor? {
        switch anchor {
        case [.top], [.top, .left, .right]: return .top
        case [.bottom], [.bottom, .left, .right]: return .bottom
        case [.left], [.left, .top, .bottom]: return .left
        case [.right], [.right, .top, .bottom]: return .right
        default: return nil
        }
    }
}

/// Where layer surfaces go on an output, and the area left for windows
/// (the usable area), as in wlroots' compositors: surfaces with a
/// positive exclusive zone first, overlay down to background, each
/// shrinking the usable area from its edge; then the others, each placed
/// in the usable area (or in the whole output when its zone is -1).
/// Within those bounds a surface sits at its anchors, or centered on an
/// axis where it holds both or neither edge; a size of 0 stretches
/// between the two anchors, less the margins.
public enum LayerArrangement {
    public struct Item: Sendable {
        public var state: LayerSurfaceState
        /// Shown: only shown surfaces reserve their exclusive zone.
        public var reservesZone: Bool
        public init(state: LayerSurfaceState, reservesZone: Bool) { (self.state, self.reservesZone) = (state, reservesZone) }
    }

    public struct Result: Sendable {
        /// Each item's box on the output, in the order given; a box with
        /// a negative width or height does not fit (its surface is closed).
        public var boxes: [Rect]
        /// What the windows may cover.
        public var usableArea: Rect
    }

    public static func arrange(_ items: [Item], on output: Rect) -> Result {
        var boxes = [Rect](repeating: .zero, count: items.count)
        var usable = output
        let order = ShellLayer.allCases.reversed()
        for exclusivePass in [true, false] {
            for layer in order {
                for (index, item) in items.enumerated() where item.state.layer == layer {
                    guard (item.state.exclusiveZone > 0) == exclusivePass else { continue }
                    let bounds = item.state.exclusiveZone == -1 ? output : usable
                    boxes[index] = box(for: item.state, in: bounds)
                    if item.reservesZone { reserve(item.state, from: &usable) }
                }
            }
        }
        return Result(boxes: boxes, usableArea: usable)
    }

    /// The box of a surface of `state` inside `bounds`.
    static func box(for state: LayerSurfaceState, in bounds: Rect) -> Rect {
        let a = state.anchor, m = state.margins
        func axis(start: Double, length: Double, wanted: UInt32, low: Bool, high: Bool,
                  marginLow: Int32, marginHigh: Int32) -> (Double, Double) {
            var size = Double(wanted)
            let origin: Double
            if low && high {
                // Between the margins: stretched over it, or centered on it.
                let inner = length - Double(marginLow) - Double(marginHigh)
                if wanted == 0 { size = inner }
                origin = start + Double(marginLow) + ((inner - size) / 2).rounded(.down)
            } else if low {
                origin = start + Double(marginLow)
            } else if high {
                origin = start + length - size - Double(marginHigh)
            } else {
                origin = start + ((length - size) / 2).rounded(.down)
            }
            return (origin, size)
        }
        let (x, width) = axis(start: bounds.minX, length: bounds.width, wanted: state.width,
                              low: a.contains(.left), high: a.contains(.right), marginLow: m.left, marginHigh: m.right)
        let (y, height) = axis(start: bounds.minY, length: bounds.height, wanted: state.height,
                               low: a.contains(.top), high: a.contains(.bottom), marginLow: m.top, marginHigh: m.bottom)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Takes a positive exclusive zone, with the margin at its edge, off
    /// `usable`: never more than it has, and never less than nothing (a
    /// negative margin larger than the zone gives no room back).
    static func reserve(_ state: LayerSurfaceState, from usable: inout Rect) {
        guard state.exclusiveZone > 0, let edge = state.exclusiveEdge else { return }
        let m = state.margins
        func taken(_ margin: Int32, of length: Double) -> Double {
            min(max(Double(state.exclusiveZone) + Double(margin), 0), length)
        }
        switch edge {
        case .top:
            let taken = taken(m.top, of: usable.height)
            usable.origin.y += taken
            usable.size.height -= taken
        case .bottom:
            usable.size.height -= taken(m.bottom, of: usable.height)
        case .left:
            let taken = taken(m.left, of: usable.width)
            usable.origin.x += taken
            usable.size.width -= taken
        default:
            usable.size.width -= taken(m.right, of: usable.width)
        }
    }
}
