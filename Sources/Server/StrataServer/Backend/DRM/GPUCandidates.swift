#if canImport(Glibc)
import Glibc
#endif

/// The GPU device nodes to try: the one named, else every /dev/dri/card* in order.
enum GPUCandidates {
    static func paths(named path: String?, directory: String = "/dev/dri") throws -> [String] {
        if let path {
            guard access(path, F_OK) == 0 else { throw DrmBackendError.noGPU("\(path): \(String(cString: strerror(errno)))") }
            return [path]
        }
        guard let dir = opendir(directory) else {
            throw DrmBackendError.noGPU("no \(directory) (no DRM driver is loaded, or this is a container)")
        }
        defer { closedir(dir) }
        var cards: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { cards.append(name) }
        }
        guard !cards.isEmpty else { throw DrmBackendError.noGPU("\(directory) has no card* device") }
        return cards.sorted { Int($0.dropFirst(4))! < Int($1.dropFirst(4))! }.map { "\(directory)/\($0)" }
    }
}
