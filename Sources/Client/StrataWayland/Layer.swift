import CStrataClientProtocol
import StrataProtocol

/// One strata_layer_v1: a CALayer held by the compositor.
///
/// Every setter sends one request that changes the layer's pending state;
/// nothing shows until `WaylandLayerManager.commit`. Values are sent as given, not
/// checked, so tests can send what the compositor must refuse.
///
/// The object mirrors the tree as sent, like CALayer: a layer keeps its
/// `sublayers` alive, and a context keeps its root alive. A layer nobody
/// holds any more is destroyed (as `destroy()`), which is only safe once it
/// is out of every tree the compositor knows.
public final class Layer {
    let display: WaylandDisplay
    /// The strata_layer_v1; nil after `destroy()`.
    public private(set) var proxy: OpaquePointer?

    /// The sublayers as sent by insertSublayer/removeFromSuperlayer, back to front.
    public private(set) var sublayers: [Layer] = []
    /// The superlayer this layer was last inserted into, as sent.
    public private(set) weak var superlayer: Layer?
    /// The mask last sent by `setMask` (Layer+Styling.swift).
    public internal(set) var mask: Layer?

    /// Called for each animation event, once `listen()` was called.
    public var onAnimationEvent: ((AnimationEvent) -> Void)?
    var isListening = false

    init(proxy: OpaquePointer?, display: WaylandDisplay) {
        self.proxy = proxy
        self.display = display
    }

    deinit { destroy() }

    /// The object id on the wire (0 once destroyed), to compare with protocol errors.
    public var objectID: UInt32 { display.objectID(of: proxy) }

    public var isDestroyed: Bool { proxy == nil }

    /// Runs `request` with the proxy if the layer and the connection are
    /// alive, and the bound version has the request (libwayland aborts on
    /// a request newer than its object).
    func send(since: UInt32 = 1, _ request: (OpaquePointer) -> Void) {
        guard let proxy, display.isConnected, version >= since else { return }
        request(proxy)
    }

    /// The version of strata_layers_v1 this layer was made with (0 once destroyed).
    public var version: UInt32 { proxy.map { strata_layer_v1_get_version($0) } ?? 0 }

    // MARK: Geometry

    public func setPosition(_ position: Point) {
        send { strata_layer_v1_set_position($0, wl_fixed_from_double(position.x), wl_fixed_from_double(position.y)) }
    }

    public func setBounds(_ bounds: Rect) {
        send {
            strata_layer_v1_set_bounds($0, wl_fixed_from_double(bounds.origin.x), wl_fixed_from_double(bounds.origin.y),
                                       wl_fixed_from_double(bounds.size.width), wl_fixed_from_double(bounds.size.height))
        }
    }

    public func setAnchorPoint(_ anchorPoint: Point) {
        send { strata_layer_v1_set_anchor_point($0, wl_fixed_from_double(anchorPoint.x), wl_fixed_from_double(anchorPoint.y)) }
    }

    /// Sends a b c d tx ty as an array of six doubles.
    public func setTransform(_ transform: AffineTransform) {
        setTransform(rawMatrix: [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty])
    }

    /// Sends any number of doubles as the matrix array; anything but six is
    /// an invalid_value error at commit.
    public func setTransform(rawMatrix: [Double]) {
        var values = rawMatrix
        values.withUnsafeMutableBytes { bytes in
            var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
            send { strata_layer_v1_set_transform($0, &array) }
        }
    }

    // MARK: Appearance

    public func setOpacity(_ opacity: Double) {
        send { strata_layer_v1_set_opacity($0, wl_fixed_from_double(opacity)) }
    }

    public func setHidden(_ hidden: Bool) {
        send { strata_layer_v1_set_hidden($0, hidden ? 1 : 0) }
    }

    public func setMasksToBounds(_ masks: Bool) {
        send { strata_layer_v1_set_masks_to_bounds($0, masks ? 1 : 0) }
    }

    /// nil sends alpha 0, which the protocol defines as no background.
    public func setBackgroundColor(_ color: Color?) {
        let color = color ?? .clear
        send {
            strata_layer_v1_set_background_color($0, wl_fixed_from_double(color.red), wl_fixed_from_double(color.green),
                                                 wl_fixed_from_double(color.blue), wl_fixed_from_double(color.alpha))
        }
    }

    public func setOpaque(_ opaque: Bool) {
        send { strata_layer_v1_set_opaque($0, opaque ? 1 : 0) }
    }

    // MARK: Contents

    /// Attaches `buffer` as the contents (nil removes them). `width` and
    /// `height` are the contents' size in pixels, by default the buffer's.
    /// Marks the buffer attached until the compositor releases it.
    public func setContents(_ buffer: ShmBuffer?, width: Int? = nil, height: Int? = nil) {
        let width = Int32(clamping: width ?? buffer?.width ?? 0)
        let height = Int32(clamping: height ?? buffer?.height ?? 0)
        send { strata_layer_v1_set_contents($0, buffer?.proxy, width, height) }
        if display.isConnected, proxy != nil { buffer?.markAttached() }
    }

    /// Marks a rectangle of the contents, in buffer pixels, as changed.
    public func damageContents(x: Int, y: Int, width: Int, height: Int) {
        send { strata_layer_v1_damage_contents($0, Int32(clamping: x), Int32(clamping: y),
                                               Int32(clamping: width), Int32(clamping: height)) }
    }

    public func setContentsScale(_ scale: Double) {
        send { strata_layer_v1_set_contents_scale($0, wl_fixed_from_double(scale)) }
    }

    public func setContentsGravity(_ gravity: ContentsGravity) {
        setContentsGravity(rawValue: gravity.rawValue)
    }

    /// Sends any value, including ones outside the gravity enum (invalid_enum).
    public func setContentsGravity(rawValue: UInt32) {
        send { strata_layer_v1_set_contents_gravity($0, rawValue) }
    }

    /// The stretchable part of the contents, in unit coordinates.
    public func setContentsCenter(_ center: Rect) {
        send {
            strata_layer_v1_set_contents_center($0, wl_fixed_from_double(center.origin.x), wl_fixed_from_double(center.origin.y),
                                                wl_fixed_from_double(center.size.width), wl_fixed_from_double(center.size.height))
        }
    }

    // MARK: The tree

    /// Inserts `sublayer` at `index` among this layer's sublayers (0 is the
    /// back-most; `sublayers.count` appends). The index is sent as given;
    /// the local mirror clamps it. A layer that is still the sublayer of
    /// another layer stays listed there too, as the compositor sees it
    /// (that commit fails with already_parented).
    public func insertSublayer(_ sublayer: Layer, at index: Int) {
        guard let sublayerProxy = sublayer.proxy else { return }
        send { strata_layer_v1_insert_sublayer($0, sublayerProxy, UInt32(clamping: index)) }
        if sublayer.superlayer === self, let current = sublayers.firstIndex(where: { $0 === sublayer }) {
            sublayers.remove(at: current)
        }
        sublayers.insert(sublayer, at: min(max(index, 0), sublayers.count))
        sublayer.superlayer = self
    }

    /// Appends `sublayer` as the front-most, as CALayer.addSublayer. A
    /// sublayer of this layer is first removed, so the index sent is
    /// unambiguous.
    public func addSublayer(_ sublayer: Layer) {
        if sublayer.superlayer === self { sublayer.removeFromSuperlayer() }
        insertSublayer(sublayer, at: sublayers.count)
    }

    public func removeFromSuperlayer() {
        send { strata_layer_v1_remove_from_superlayer($0) }
        if let superlayer, let index = superlayer.sublayers.firstIndex(where: { $0 === self }) {
            superlayer.sublayers.remove(at: index)
        }
        superlayer = nil
    }

    /// Destroys the layer. It must be out of every tree by the next commit
    /// (else defunct_layer); its sublayers lose this superlayer then. The
    /// object stays in its superlayer's `sublayers` until removed there.
    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if display.isConnected { strata_layer_v1_destroy(proxy) }
        mask = nil
        var released = sublayers
        sublayers = []
        for sublayer in released where sublayer.superlayer === self { sublayer.superlayer = nil }
        // Sublayers nobody else holds go one at a time: each one's deinit
        // would otherwise release the next level, recursing as deep as the tree.
        while var layer = released.popLast() {
            if isKnownUniquelyReferenced(&layer) {
                released += layer.sublayers
                layer.sublayers = []
            }
        }
    }
}
