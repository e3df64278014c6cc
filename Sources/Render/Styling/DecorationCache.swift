import CPixman
import StrataProtocol

/// The coverage rasters of layers' decorations, kept across frames: a
/// layer that moves, fades or changes color reuses its rounded corners,
/// border, shape and shadow; only a change of shape, size or scale draws
/// them again.
final class DecorationCache {
    enum Kind: Hashable { case fill, gradient, border, shapeFill, shapeStroke, shadow }

    private struct Key: Hashable {
        var layer: ObjectIdentifier
        var kind: Kind
    }
    private struct Entry {
        var signature: AnyHashable
        var raster: CoverageRaster
        var frame: Int
    }
    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Rasters made so far (tests and benchmarks count them).
    private(set) var rastersMade = 0

    /// Entries unused this many frames are dropped.
    static let lifetime = 600

    /// The raster of `kind` for `layer`: the cached one when `signature`
    /// (what the shape depends on) and the placement match, else a new one
    /// that `draw` fills. `stale` forces a new one (its source pixels changed).
    func raster(for layer: RenderLayer, _ kind: Kind, signature: AnyHashable, placement: RasterPlacement,
                stale: Bool = false, format: pixman_format_code_t = PIXMAN_a8,
                draw: (CoverageRaster) -> Void) -> CoverageRaster? {
        let key = Key(layer: ObjectIdentifier(layer), kind: kind)
        if !stale, var entry = entries[key], entry.signature == signature, entry.raster.placement.sameRaster(as: placement) {
            entry.frame = frame
            entries[key] = entry
            return entry.raster
        }
        guard let raster = CoverageRaster(placement: placement, format: format) else { return nil }
        draw(raster)
        rastersMade += 1
        entries[key] = Entry(signature: signature, raster: raster, frame: frame)
        return raster
    }

    func endFrame() {
        frame += 1
        if frame % 64 == 0 {
            entries = entries.filter { frame - $0.value.frame < Self.lifetime }
        }
    }
}
