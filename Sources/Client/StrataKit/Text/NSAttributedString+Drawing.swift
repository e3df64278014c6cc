import Foundation

/// UIKit's NSAttributedString drawing and measuring (NSStringDrawing.h),
/// into the current UIGraphics context. Sizes are fractional, as UIKit's;
/// round them up (ceil) to size views.
extension NSAttributedString {
    /// The size the string takes drawn with `draw(at:)`: lines break only at
    /// its line separators.
    public func size() -> CGSize {
        TextLayout(self, in: TextContainer(), defaults: .drawingDefaults).usedRect.size
    }

    /// Draws the string with its top-left at `point`, without wrapping.
    public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        TextLayout(self, in: TextContainer(), defaults: .drawingDefaults).draw(at: point, in: context)
    }

    /// Draws the string wrapped at the rect's width, from its top, showing
    /// the lines that fit in its height (the last one truncated when the
    /// paragraph style's line break mode truncates).
    public func draw(in rect: CGRect) {
        draw(with: rect, options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
    }

    /// Draws as `boundingRect(with:options:context:)` measures: with
    /// `.usesLineFragmentOrigin` a block of lines from the rect's top-left,
    /// otherwise one line whose baseline is at the rect's origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let graphics = UIGraphicsGetCurrentContext() else { return }
        let (layout, scale) = self.layout(in: rect.size, options: options, context: context)
        let top = options.contains(.usesLineFragmentOrigin) ? rect.minY : rect.minY - (layout.lines.first?.baseline ?? 0)
        layout.draw(at: CGPoint(x: rect.minX, y: top), in: graphics)
        context?.record(Self.bounds(of: layout, options: options), scale: scale)
    }

    /// The rect the string takes laid out in `size` (a width of 0 or of
    /// greatestFiniteMagnitude: no wrapping). With `.usesLineFragmentOrigin`
    /// lines wrap and the rect starts at the top-left; without it the string
    /// is one line and the rect is relative to its baseline (y negative).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        let (layout, scale) = self.layout(in: size, options: options, context: context)
        let bounds = Self.bounds(of: layout, options: options)
        context?.record(bounds, scale: scale)
        return bounds
    }

    /// The layout for `size`, shrunk as far as the context's
    /// minimumScaleFactor allows when the text does not fit.
    private func layout(in size: CGSize, options: NSStringDrawingOptions,
                        context: NSStringDrawingContext?) -> (TextLayout, CGFloat) {
        var container = Self.container(for: size, options: options)
        guard let context, context.minimumScaleFactor > 0, context.minimumScaleFactor < 1 else {
            return (TextLayout(self, in: container, defaults: .drawingDefaults), 1)
        }
        // Shrinking fits the text in the whole rect.
        if size.height > 0, size.height < .greatestFiniteMagnitude { container.maximumHeight = size.height }
        return TextLayout.shrinkingToFit(self, in: container, defaults: .drawingDefaults,
                                         minimumScaleFactor: context.minimumScaleFactor)
    }

    static func container(for size: CGSize, options: NSStringDrawingOptions) -> TextContainer {
        guard options.contains(.usesLineFragmentOrigin) else { return TextContainer(maximumNumberOfLines: 1) }
        var container = TextContainer()
        if size.width > 0, size.width < .greatestFiniteMagnitude { container.width = size.width }
        if options.contains(.truncatesLastVisibleLine), size.height > 0, size.height < .greatestFiniteMagnitude {
            container.maximumHeight = size.height
        }
        return container
    }

    private static func bounds(of layout: TextLayout, options: NSStringDrawingOptions) -> CGRect {
        let used = layout.usedRect
        guard options.contains(.usesLineFragmentOrigin) else {
            return used.offsetBy(dx: 0, dy: -(layout.lines.first?.baseline ?? 0))
        }
        return used
    }
}

extension NSStringDrawingContext {
    func record(_ bounds: CGRect, scale: CGFloat) {
        totalBounds = bounds
        actualScaleFactor = scale
    }
}
