import CWaylandServer
import StrataRender

// A surface shows its wl_shm buffer in place instead of copying it at
// every commit: the copy was most of the compositor's work per frame for
// clients that redraw a lot (a scrolling terminal). The buffer is held
// until the client's next buffer replaces it, then released, as the core
// protocol has it; the layer's image keeps its identity across buffers of
// one size, so only the damage is redrawn. Whenever the surface stops
// showing the buffer otherwise (no buffer, another kind, the surface or
// the buffer destroyed, a new size) the pixels still shown are copied
// first, so nothing reads the client's memory after it got it back.
extension Surface {
    /// Shows `buffer` (described by `description`) in place; nil when its
    /// rows cannot be read in place (a stride pixman cannot take), and the
    /// caller copies it instead.
    func showInPlace(_ buffer: WaylandResource, description: ShmBufferDescription, damage: [PixelRect],
                     opaque: Bool) -> LayerImage? {
        guard description.stride % 4 == 0, let borrowed = BorrowedShmBuffer(buffer, holds: server.shownShmBuffers), let bits = borrowed.pixels else { return nil }
        // A pool the client truncated is its error at commit, as when buffers were copied
        // then: the last byte faults now, inside the bracket that catches it.
        borrowed.beginAccess()
        let last = description.stride * (description.height - 1) + description.width * 4 - 1
        borrowed.probe = UnsafeRawPointer(bits).load(fromByteOffset: last, as: UInt8.self)
        borrowed.endAccess()
        let hasAlpha = description.hasAlpha && !opaque
        let previous = shownBuffer
        let image: LayerImage
        if let existing = contentLayer.contents, existing.width == description.width,
           existing.height == description.height, existing.hasAlpha == hasAlpha {
            // The client's damage says what differs from the pixels shown now.
            existing.borrow(bits, stride: description.stride, access: borrowed, damage: damage)
            image = existing
        } else {
            contentLayer.contents?.detach()
            image = LayerImage(borrowing: bits, width: description.width, height: description.height,
                               stride: description.stride, hasAlpha: hasAlpha, access: borrowed)
        }
        borrowed.bufferWillBeDestroyed = { [weak self, weak image] in
            image?.detach()
            self?.shownBuffer = nil
        }
        shownBuffer = borrowed
        // The same wl_buffer committed again is still in use: no release for it.
        if let previous, previous.buffer != buffer { previous.release() } else { previous?.forget() }
        return image
    }

    /// The surface stops showing its buffer in place: the pixels shown
    /// become the compositor's own copy and the buffer goes back to the client.
    func stopShowingInPlace() {
        guard let shown = shownBuffer else { return }
        shownBuffer = nil
        if contentLayer.contents?.access === shown { contentLayer.contents?.detach() }
        shown.release()
    }
}
