import CCairo
import Foundation

extension UIImage {
    /// The image encoded as PNG (its pixels; the scale is not recorded).
    public func pngData() -> Data? {
        guard let cgImage else { return nil }
        cairo_surface_flush(cgImage.surface)
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(cgImage.surface, { closure, bytes, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return withExtendedLifetime(sink) { status == CAIRO_STATUS_SUCCESS ? sink.data : nil }
    }

    /// Decodes PNG data (scale 1).
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    public convenience init?(data: Data, scale: CGFloat) {
        final class Source { let data: Data; var offset = 0; init(_ data: Data) { self.data = data } }
        let source = Source(data)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
            source.data.copyBytes(to: buffer!, from: source.offset..<(source.offset + count))
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        withExtendedLifetime(source) {}
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let image = CGImage(convertingSurface: surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }
}
