#if canImport(Glibc)
import Glibc
#endif

/// What a primary selection or data control offer holds: the source it
/// stands for, of any protocol, asked for the data on `receive`.
final class SelectionOffer {
    private weak var source: (any SelectionSource)?

    init(source: any SelectionSource) { self.source = source }

    /// `receive` of `offer` (nil: not one of these): the source's client
    /// writes into `fd`. Sending the fd duplicates it, so this one is closed
    /// here; an offer whose source is gone reads nothing, the pipe just closes.
    static func receive(_ offer: SelectionOffer?, mimeType: UnsafePointer<CChar>?, fd: Int32) {
        defer { close(fd) }
        guard let offer, let mimeType else { return }
        offer.source?.send(mimeType: String(cString: mimeType), fd: fd)
    }
}
