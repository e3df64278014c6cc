import CStrataClientProtocol
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Pasting: the selection offer is asked to write its text into a pipe
/// (wl_data_offer.receive), which is read here. Neither way of reading
/// dispatches Wayland events, so no handler runs in the middle of a paste:
/// `readText(timeout:)` waits on the pipe alone, for a bounded time (the
/// writer is another client, since this client's own copy is read
/// directly); `readText(on:completion:)` reads as the data arrives and
/// completes the paste then, so the caller's event loop goes on.
extension Clipboard {
    /// The text on the clipboard, waiting up to `timeout` seconds for the
    /// client that copied it; nil when there is none or it did not answer.
    public func readText(timeout: Double = 1) -> String? {
        if ownsSelection { return ownText }
        guard let fd = requestText() else { return nil }
        defer { close(fd) }
        var reader = PipeReader()
        let deadline = SystemCalls.monotonicSeconds() + timeout
        while true {
            let remaining = deadline - SystemCalls.monotonicSeconds()
            guard remaining > 0 else { return nil }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(remaining * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            if case .done(let text) = reader.readAvailable(fd) { return text }
        }
    }

    /// Reads the clipboard's text without blocking: `completion` runs on
    /// `queue` with the text (nil when there is none or the writer closed
    /// the pipe without any) once the writer is done, or after `timeout`.
    public func readText(on queue: DispatchQueue, timeout: Double = 5, completion: @escaping (String?) -> Void) {
        if ownsSelection {
            let text = ownText
            queue.async { completion(text) }
            return
        }
        guard let fd = requestText() else {
            queue.async { completion(nil) }
            return
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        var reader = PipeReader()
        var finished = false
        let finish = { (text: String?) in
            guard !finished else { return }
            finished = true
            source.cancel()
            completion(text)
        }
        source.setEventHandler {
            if case .done(let text) = reader.readAvailable(fd) { finish(text) }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        queue.asyncAfter(deadline: .now() + timeout) { finish(nil) }
    }

    /// Asks the selection offer for its text; the pipe's read end, or nil
    /// when nothing textual is on offer.
    private func requestText() -> Int32? {
        guard let offer = selectionOffer, let mimeType = offeredTextMimeType else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wl_data_offer_receive(offer, mimeType, ends[1])
        // The write end went to the compositor with the request; ours closes
        // so the read sees the end of the data when the writer closes its.
        _ = try? display.flush()
        close(ends[1])
        // Reads take what is there and never wait in read().
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return ends[0]
    }
}

/// Collects what a pipe delivers until its end.
private struct PipeReader {
    enum Progress {
        case waiting
        /// The writer closed the pipe: the text (nil if it wrote nothing).
        case done(String?)
    }

    private var bytes: [UInt8] = []

    /// Reads what is there without waiting.
    mutating func readAvailable(_ fd: Int32) -> Progress {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .waiting }
            // End of the data (or an error: what arrived is the text).
            return .done(bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self))
        }
    }
}
