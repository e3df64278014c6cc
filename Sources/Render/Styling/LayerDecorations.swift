import CPixman
import StrataProtocol

/// A coverage raster placed on the output for this frame.
struct PlacedRaster {
    let raster: CoverageRaster
    /// Raster pixels → output pixels.
    let toPixel: AffineTransform
    /// The output pixels it can touch.
    let rect: PixelRect
    /// At a whole-pixel offset: copied, not resampled.
    let exact: Bool

    /// `raster` where `placement` (this frame's; the raster may have been
    /// made for another position) puts it, moved by `offset` (layer space).
    init(_ raster: CoverageRaster, placement: RasterPlacement, layerToPixel: AffineTransform, offset: Size = .zero) {
        self.raster = raster
        toPixel = placement.rasterToLayer
            .concatenating(AffineTransform(translationX: offset.width, y: offset.height))
            .concatenating(layerToPixel)
        let w = Double(placement.width), h = Double(placement.height)
        exact = toPixel.isIntegerTranslation
        if exact {
            rect = PixelRect(x: clampedInt(toPixel.tx.rounded()), y: clampedInt(toPixel.ty.rounded()),
                             width: placement.width, height: placement.height)
        } else {
            rect = PixelRect(enclosing: toPixel.boundingBox(of: Rect(x: 0, y: 0, width: w, height: h))).insetBy(-1)
        }
    }
}

/// What the render server draws for a layer besides its plain background
/// rect and contents: rounded background and gradient, shape, border,
/// shadow. Made once per frame from the layer's properties, with rasters
/// from the `DecorationCache`.
struct LayerDecorations {
    /// The rounded bounds: what a rounded background and a gradient fill,
    /// and what masksToBounds clips to when corners are rounded.
    var fill: PlacedRaster?
    /// The squares at the rounded corners, in output pixels, when the layer
    /// is neither rotated nor mirrored: outside them the rounded bounds are
    /// the plain bounds.
    var cornerRects: [PixelRect]?
    /// A gradient drawn once into the rounded bounds (premultiplied color):
    /// pixman's gradients round differently from one span start to
    /// another, so a partial redraw of a live gradient would not match.
    var gradient: PlacedRaster?
    var shapeFill: (raster: PlacedRaster, color: Color)?
    var shapeStroke: (raster: PlacedRaster, color: Color)?
    var border: (raster: PlacedRaster, color: Color)?
    var shadow: (raster: PlacedRaster, color: Color)?

    var isEmpty: Bool {
        fill == nil && gradient == nil && shapeFill == nil && shapeStroke == nil && border == nil && shadow == nil
    }

    /// Every output pixel they can touch.
    var rect: PixelRect {
        var r = PixelRect.empty
        for placed in [fill, shapeFill?.raster, shapeStroke?.raster, border?.raster, shadow?.raster] {
            if let placed { r = r.union(placed.rect) }
        }
        return r
    }
}

/// What a layer's shadow takes its shape from, when it has no shadow path:
/// its drawing's alpha. Equal signatures cast the same shadow.
private struct ShadowSignature: Hashable {
    var shadowPath: LayerPath?
    var bounds: Rect
    var cornerRadius: Double, maskedCorners: CornerMask, cornerCurve: CornerCurve
    var backgroundAlpha: Double
    var borderWidth: Double, borderAlpha: Double
    var shape: ShapeStyle?
    var contents: ObjectIdentifier?
    var contentsPlacement: [ContentsSlice]
    var sigma: Double
    /// What the sublayers draw, when they cast the shadow too.
    var sublayers: Int?
}

private struct CornerSignature: Hashable {
    var bounds: Size
    var radius: Double, corners: CornerMask, curve: CornerCurve
    var borderWidth: Double = 0
}

extension FrameBuilder {
    /// The layer's decorations drawn through `toPixel`; nil when it has none.
    /// `slices` are its contents' placement, for a shadow of their alpha.
    /// `isCopy`: a replicator's copy, whose rasters follow the layer's axes
    /// rather than the pixel grid, so every copy reuses the layer's rasters
    /// (one cache entry per layer) instead of drawing its own each frame.
    func decorations(of layer: RenderLayer, _ m: RenderLayer.Properties, toPixel: AffineTransform, clip: PixelRect, isCopy: Bool, background: Color?,
                     clipsRounded: Bool, contents: LayerImage?, slices: [ContentsSlice], contentsDamaged: Bool) -> LayerDecorations? {
        let style = m.style
        let gradient = m.gradient.flatMap { $0.isVisible ? $0 : nil }
        let shape = m.shape
        let hasShadow = style.hasShadow && !m.masksToBounds
        guard style.hasRoundedCorners || style.hasBorder || hasShadow || gradient != nil || shape != nil else { return nil }
        let snaps = !isCopy
        var result = LayerDecorations()
        let bounds = m.bounds
        // Made only when a raster is drawn: most frames reuse the cached ones.
        let outline = { RoundedRectPath.path(bounds, radius: style.cornerRadius, corners: style.maskedCorners, curve: style.cornerCurve) }

        // The rounded bounds.
        let needsFill = (style.hasRoundedCorners && (background != nil || clipsRounded || m.backdrop != nil)) || gradient != nil
        if needsFill, !bounds.isEmpty, let placement = RasterPlacement(area: bounds, toPixel: toPixel, snapping: snaps, visible: clip) {
            let signature = CornerSignature(bounds: bounds.size, radius: style.cornerRadius, corners: style.maskedCorners,
                                            curve: style.cornerCurve)
            if let raster = cache.raster(for: layer, .fill, signature: signature, placement: placement, draw: {
                PathRasterizer.fill(outline(), rule: .nonZero, into: $0)
            }) {
                result.fill = PlacedRaster(raster, placement: placement, layerToPixel: toPixel)
            }
            result.cornerRects = Self.cornerRects(bounds, style, toPixel: toPixel)
        }
        if let gradient, let fill = result.fill, let placement = RasterPlacement(area: bounds, toPixel: toPixel, snapping: snaps, visible: clip) {
            let signature = GradientSignature(gradient: gradient, bounds: bounds.size, radius: style.cornerRadius,
                                              corners: style.maskedCorners, curve: style.cornerCurve)
            if let raster = cache.raster(for: layer, .gradient, signature: signature, placement: placement, format: PIXMAN_a8r8g8b8, draw: {
                Self.drawGradient(gradient, bounds: bounds, clippedTo: fill.raster, into: $0)
            }) {
                result.gradient = PlacedRaster(raster, placement: placement, layerToPixel: toPixel)
            }
        }

        if let shape {
            if shape.hasFill, let color = shape.fillColor,
               let placement = RasterPlacement(area: shape.path.controlBounds, toPixel: toPixel, snapping: snaps, visible: clip),
               let raster = cache.raster(for: layer, .shapeFill, signature: ShapeFillSignature(path: shape.path, rule: shape.fillRule),
                                         placement: placement, draw: { PathRasterizer.fill(shape.path, rule: shape.fillRule, into: $0) }) {
                result.shapeFill = (PlacedRaster(raster, placement: placement, layerToPixel: toPixel), color)
            }
            if shape.hasStroke, let color = shape.strokeColor,
               let placement = RasterPlacement(area: Self.strokeArea(shape), toPixel: toPixel, snapping: snaps, visible: clip),
               let raster = cache.raster(for: layer, .shapeStroke, signature: StrokeSignature(shape), placement: placement,
                                         draw: { PathRasterizer.stroke(shape, into: $0) }) {
                result.shapeStroke = (PlacedRaster(raster, placement: placement, layerToPixel: toPixel), color)
            }
        }

        if style.hasBorder, !bounds.isEmpty, let placement = RasterPlacement(area: bounds, toPixel: toPixel, snapping: snaps, visible: clip) {
            var signature = CornerSignature(bounds: bounds.size, radius: style.cornerRadius, corners: style.maskedCorners,
                                            curve: style.cornerCurve)
            signature.borderWidth = style.borderWidth
            if let raster = cache.raster(for: layer, .border, signature: signature, placement: placement, draw: {
                PathRasterizer.fill(Self.borderPath(bounds, style), rule: .evenOdd, into: $0)
            }) {
                result.border = (PlacedRaster(raster, placement: placement, layerToPixel: toPixel), style.borderColor)
            }
        }

        if hasShadow {
            result.shadow = shadow(of: layer, m, toPixel: toPixel, outline: outline, background: background,
                                   gradient: gradient, contents: contents, slices: slices, stale: contentsDamaged)
        }
        return result.isEmpty ? nil : result
    }

    private func shadow(of layer: RenderLayer, _ m: RenderLayer.Properties, toPixel: AffineTransform, outline: () -> LayerPath,
                        background: Color?, gradient: GradientStyle?, contents: LayerImage?, slices: [ContentsSlice],
                        stale: Bool) -> (raster: PlacedRaster, color: Color)? {
        let style = m.style
        let sigma = ShadowBlur.standardDeviation(forRadius: style.shadowRadius)
        let backgroundAlpha = max(background?.alpha ?? 0, gradient.map { g in g.colors.map(\.alpha).max() ?? 0 } ?? 0)
        let borderAlpha = style.hasBorder ? style.borderColor.alpha : 0
        // What casts the shadow, in layer space.
        var shapeArea = Rect.zero
        var sublayers: SublayerShadowSource? = nil
        if let path = style.shadowPath {
            shapeArea = path.controlBounds
        } else {
            if backgroundAlpha > 0 || borderAlpha > 0 { shapeArea = m.bounds }
            if let shape = m.shape {
                if shape.hasFill { shapeArea = shapeArea.union(shape.path.controlBounds) }
                if shape.hasStroke { shapeArea = shapeArea.union(Self.strokeArea(shape)) }
            }
            if contents != nil { shapeArea = slices.reduce(shapeArea) { $0.union($1.destination.intersection(m.bounds)) } }
            sublayers = sublayerShadowSource(of: layer, m, backgroundAlpha: backgroundAlpha)
            if let sublayers {
                shapeArea = shapeArea.union(sublayers.area)
                usesSublayerShadows = true
            }
        }
        guard !shapeArea.isEmpty else { return nil }
        // Spread so wide that its darkest point is below half a level of 8 bits: nothing to draw.
        let spreadFactor = sigma * (2 * Double.pi).squareRoot()
        let peak = min(1, shapeArea.width / spreadFactor) * min(1, shapeArea.height / spreadFactor)
        guard peak * style.shadowOpacity * style.shadowColor.alpha >= 1.0 / 512 else { return nil }
        // Huge radii spread over at most the largest raster: coarse, never a trap.
        let spread = min(ShadowBlur.extent(sigma: sigma), 4_194_304)
        let area = Rect(x: shapeArea.minX - spread, y: shapeArea.minY - spread,
                        width: shapeArea.width + 2 * spread, height: shapeArea.height + 2 * spread)
        // A shadow is soft: a coarser raster of a huge one costs less blurring and looks the same.
        guard let placement = RasterPlacement(area: area, toPixel: toPixel, snapping: false,
                                              maximumSide: Self.maximumShadowSide) else { return nil }
        let signature = ShadowSignature(
            shadowPath: style.shadowPath, bounds: m.bounds, cornerRadius: style.cornerRadius, maskedCorners: style.maskedCorners,
            cornerCurve: style.cornerCurve, backgroundAlpha: backgroundAlpha, borderWidth: style.hasBorder ? style.borderWidth : 0,
            borderAlpha: borderAlpha, shape: m.shape, contents: contents.map(ObjectIdentifier.init),
            contentsPlacement: contents == nil ? [] : slices, sigma: sigma, sublayers: sublayers?.signature)
        let layerToRaster = placement.layerToRaster
        let made = cache.rastersMade
        guard let raster = cache.raster(for: layer, .shadow, signature: signature, placement: placement,
                                        stale: stale || sublayers?.stale == true, draw: { raster in
            if let path = style.shadowPath {
                PathRasterizer.fill(path, rule: .nonZero, into: raster)
            } else {
                if backgroundAlpha > 0 { PathRasterizer.fill(outline(), rule: .nonZero, alpha: backgroundAlpha, into: raster) }
                if let contents { Self.drawAlpha(of: contents, slices: slices, layerToRaster: layerToRaster, into: raster) }
                if let shape = m.shape {
                    if shape.hasFill { PathRasterizer.fill(shape.path, rule: shape.fillRule, alpha: shape.fillColor?.alpha ?? 0, into: raster) }
                    if shape.hasStroke { PathRasterizer.stroke(shape, alpha: shape.strokeColor?.alpha ?? 0, into: raster) }
                }
                if borderAlpha > 0 {
                    PathRasterizer.fill(Self.borderPath(m.bounds, style), rule: .evenOdd, alpha: borderAlpha, into: raster)
                }
                if sublayers != nil { self.drawSublayersAlpha(of: layer, into: raster) }
            }
            ShadowBlur.blur(raster, sigmaX: sigma * layerToRaster.a, sigmaY: sigma * layerToRaster.d)
        }) else { return nil }
        var color = style.shadowColor
        color.alpha *= style.shadowOpacity
        let placed = PlacedRaster(raster, placement: placement, layerToPixel: toPixel, offset: style.shadowOffset)
        // Made again because the sublayers changed (the layer itself did not): the old and new shadow are damaged.
        if sublayers != nil, cache.rastersMade > made {
            contentsDamage.formUnion(placed.rect)
            if let old = previous[ObjectIdentifier(layer)]?.node.decorations?.shadow { contentsDamage.formUnion(old.raster.rect) }
        }
        return (placed, color)
    }

    /// The gradient over the whole raster, then cut to the rounded bounds' coverage.
    private static func drawGradient(_ gradient: GradientStyle, bounds: Rect, clippedTo coverage: CoverageRaster,
                                     into raster: CoverageRaster) {
        guard let (source, layerToGradient) = GradientImage.make(gradient, bounds: bounds, alpha: 1) else { return }
        defer { pixman_image_unref(source) }
        var t = raster.placement.rasterToLayer.concatenating(layerToGradient).pixmanTransform
        pixman_image_set_transform(source, &t)
        let (w, h) = (Int32(raster.placement.width), Int32(raster.placement.height))
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, raster.image, 0, 0, 0, 0, 0, 0, w, h)
        pixman_image_composite32(PIXMAN_OP_IN_REVERSE, coverage.image, nil, raster.image, 0, 0, 0, 0, 0, 0, w, h)
    }

    /// The largest side of a shadow's raster, in raster pixels.
    static let maximumShadowSide = 2048

    /// The contents' alpha, placed as the layer shows them, over `raster`.
    private static func drawAlpha(of contents: LayerImage, slices: [ContentsSlice], layerToRaster: AffineTransform,
                                  into raster: CoverageRaster) {
        contents.withPixels {
            for slice in slices {
                guard let rasterToImage = slice.imageToLayer.concatenating(layerToRaster).inverted() else { continue }
                let image = contents.image
                var t = rasterToImage.pixmanTransform
                pixman_image_set_transform(image, &t)
                pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
                pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
                let clip = Region(PixelRect(enclosing: slice.imageToLayer.concatenating(layerToRaster).boundingBox(of: slice.source)))
                pixman_image_set_clip_region32(raster.image, clip.pointer)
                pixman_image_composite32(PIXMAN_OP_OVER, image, nil, raster.image, 0, 0, 0, 0, 0, 0,
                                         Int32(raster.placement.width), Int32(raster.placement.height))
                pixman_image_set_clip_region32(raster.image, nil)
                pixman_image_set_transform(image, nil)
                pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
            }
        }
    }

    /// The squares a rounded corner's curve lies in, in output pixels; nil when rotated or mirrored.
    static func cornerRects(_ bounds: Rect, _ style: LayerStyle, toPixel: AffineTransform) -> [PixelRect]? {
        guard toPixel.isNearlyRectilinear, toPixel.a > 0, toPixel.d > 0 else { return nil }
        let box = PixelRect(enclosing: toPixel.boundingBox(of: bounds))
        let half = min(bounds.width, bounds.height) / 2
        let radius = min(style.cornerRadius, half)
        let extent = style.cornerCurve == .continuous ? min(radius * RoundedRectPath.continuousExtent, half) : radius
        let w = min(box.width, clampedInt((extent * toPixel.a).rounded(.up)) + 1)
        let h = min(box.height, clampedInt((extent * toPixel.d).rounded(.up)) + 1)
        var rects: [PixelRect] = []
        let corners = style.hasRoundedCorners ? style.maskedCorners : []
        if corners.contains(.minXMinY) { rects.append(PixelRect(x: box.x, y: box.y, width: w, height: h)) }
        if corners.contains(.maxXMinY) { rects.append(PixelRect(x: box.x + box.width - w, y: box.y, width: w, height: h)) }
        if corners.contains(.minXMaxY) { rects.append(PixelRect(x: box.x, y: box.y + box.height - h, width: w, height: h)) }
        if corners.contains(.maxXMaxY) { rects.append(PixelRect(x: box.x + box.width - w, y: box.y + box.height - h, width: w, height: h)) }
        return rects
    }

    /// The border: the outline less the outline inset by the width (whose
    /// corners keep the radius less the width), filled even-odd.
    static func borderPath(_ bounds: Rect, _ style: LayerStyle) -> LayerPath {
        let w = style.borderWidth
        var path = RoundedRectPath.path(bounds, radius: style.cornerRadius, corners: style.maskedCorners, curve: style.cornerCurve)
        let inner = Rect(x: bounds.minX + w, y: bounds.minY + w, width: bounds.width - 2 * w, height: bounds.height - 2 * w)
        if inner.width > 0, inner.height > 0 {
            path.elements += RoundedRectPath.path(inner, radius: max(0, style.cornerRadius - w), corners: style.maskedCorners,
                                                  curve: style.cornerCurve).elements
        }
        return path
    }

    /// Where a stroke of `shape` can reach: the path's control bounds grown
    /// by half the line width, times the miter limit for miter joins and √2 for square caps.
    static func strokeArea(_ shape: ShapeStyle) -> Rect {
        var reach = shape.lineWidth / 2
        if shape.lineJoin == .miter { reach *= max(1, min(shape.miterLimit, 100)) }
        if shape.lineCap == .square { reach *= 2.squareRoot() }
        reach += 1
        let b = shape.path.controlBounds
        return Rect(x: b.minX - reach, y: b.minY - reach, width: b.width + 2 * reach, height: b.height + 2 * reach)
    }
}

private struct GradientSignature: Hashable {
    var gradient: GradientStyle
    var bounds: Size
    var radius: Double, corners: CornerMask, curve: CornerCurve
}

private struct ShapeFillSignature: Hashable {
    var path: LayerPath
    var rule: FillRule
}

/// What a stroke's pixels depend on (not its color).
private struct StrokeSignature: Hashable {
    var path: LayerPath
    var lineWidth: Double, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double
    var dashes: [Double], phase: Double
    var start: Double, end: Double
    init(_ s: ShapeStyle) {
        (path, lineWidth, lineCap, lineJoin, miterLimit) = (s.path, s.lineWidth, s.lineCap, s.lineJoin, s.miterLimit)
        (dashes, phase, start, end) = (s.lineDashPattern, s.lineDashPhase, s.strokeStart, s.strokeEnd)
    }
}
