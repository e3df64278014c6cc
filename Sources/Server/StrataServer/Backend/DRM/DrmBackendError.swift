/// Why the DRM backend cannot start (one line each, for `strata run`), or cannot set an output's gamma.
public enum DrmBackendError: Error, CustomStringConvertible {
    case noGPU(String)
    case seat(String)
    case noMonitor(String)
    case input(String)
    case gamma(String)

    public var description: String {
        switch self {
        case .noGPU(let why): return "no GPU: \(why)"
        case .seat(let why): return "cannot take the seat: \(why)"
        case .noMonitor(let path): return "no monitor is connected to \(path)"
        case .input(let why): return "cannot open the input devices: \(why)"
        case .gamma(let why): return "cannot set the gamma: \(why)"
        }
    }
}
