import Foundation

// TEMPORARY: stand-ins for MODEL's members (kit-model) that the drawing code
// uses, so this branch compiles on its own. Delete this file when kit-model
// is merged; the names below are the contract's.

/// Stand-in for MODEL's Geometry/CGAffineTransform (only what Drawing uses).
public struct CGAffineTransform: Equatable {
    public var a, b, c, d, tx, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// Side storage for the stand-in CALayer members (the stub has no stored properties).
private final class ModelSeamStorage {
    var bounds = CGRect.zero
    var contentsScale: CGFloat = 1
    var contents: Any?
    var contentsDamage: [CGRect]?
    var needsDisplayRect = CGRect.null
    var clearsContextBeforeDrawing = true
    var drawsContent = true
    var drawHandler: ((CGContext) -> Void)?
}
nonisolated(unsafe) private var modelSeamStorage: [ObjectIdentifier: ModelSeamStorage] = [:]

extension CALayer {
    private var seamStorage: ModelSeamStorage {
        if let storage = modelSeamStorage[ObjectIdentifier(self)] { return storage }
        let storage = ModelSeamStorage()
        modelSeamStorage[ObjectIdentifier(self)] = storage
        return storage
    }
    var bounds: CGRect { get { seamStorage.bounds } set { seamStorage.bounds = newValue } }
    var contentsScale: CGFloat { get { seamStorage.contentsScale } set { seamStorage.contentsScale = newValue } }
    var contents: Any? { get { seamStorage.contents } set { seamStorage.contents = newValue } }
    var contentsDamage: [CGRect]? { get { seamStorage.contentsDamage } set { seamStorage.contentsDamage = newValue } }
    var needsDisplayRect: CGRect { get { seamStorage.needsDisplayRect } set { seamStorage.needsDisplayRect = newValue } }
    var clearsContextBeforeDrawing: Bool {
        get { seamStorage.clearsContextBeforeDrawing } set { seamStorage.clearsContextBeforeDrawing = newValue }
    }
    var drawsContent: Bool { get { seamStorage.drawsContent } set { seamStorage.drawsContent = newValue } }
    /// Stand-in for `open func draw(in:)`, which subclasses override.
    var drawHandlerUntilMerge: ((CGContext) -> Void)? {
        get { seamStorage.drawHandler } set { seamStorage.drawHandler = newValue }
    }
    func draw(in ctx: CGContext) { drawHandlerUntilMerge?(ctx) }
}
