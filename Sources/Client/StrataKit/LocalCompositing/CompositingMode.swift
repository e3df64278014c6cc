import Foundation

/// Who composites an app's windows. Strata does, when it offers
/// strata_layers_v1 (layers, animations and input hit-testing in the
/// compositor); any other compositor gets finished pixels, which the app
/// composites itself with the same renderer. `STRATAKIT_COMPOSITING`
/// (`client` or `server`) chooses instead.
enum CompositingMode: Equatable {
    case server
    case client

    static let environmentVariable = "STRATAKIT_COMPOSITING"

    /// The mode for a compositor that offers strata_layers_v1 or not.
    static func choose(compositorHasLayers: Bool,
                       environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CompositingMode {
        switch environment[environmentVariable] ?? "" {
        case "": return compositorHasLayers ? .server : .client
        case "client": return .client
        case "server":
            guard compositorHasLayers else { throw CompositingModeError.serverCompositingUnavailable }
            return .server
        case let other: throw CompositingModeError.unknownMode(other)
        }
    }
}

enum CompositingModeError: Error, CustomStringConvertible {
    case serverCompositingUnavailable
    case unknownMode(String)

    var description: String {
        switch self {
        case .serverCompositingUnavailable:
            return "\(CompositingMode.environmentVariable)=server, but the compositor has no strata_layers_v1 (it is not Strata)"
        case .unknownMode(let value):
            return "\(CompositingMode.environmentVariable) is '\(value)'; it must be 'client' or 'server'"
        }
    }
}
