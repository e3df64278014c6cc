/// One monitor the backend will drive: which connector, from which CRTC,
/// in which mode, and where it sits among the others (pixels, left to right).
struct PlannedOutput: Equatable, Sendable {
    let connector: ConnectorInfo
    let crtc: UInt32
    let mode: DisplayMode
    let x: Int
}

enum OutputLayout {
    /// The mode a monitor is driven in: the one it prefers, else the
    /// largest (ties to the fastest refresh); nil when it offers none.
    static func mode(for connector: ConnectorInfo) -> DisplayMode? {
        if let preferred = connector.modes.first(where: \.isPreferred) { return preferred }
        return connector.modes.max { a, b in
            (a.width * a.height, a.refreshMillihertz) < (b.width * b.height, b.refreshMillihertz)
        }
    }

    /// Every connected connector with a mode and a free CRTC, each in its
    /// `mode(for:)`, side by side in the kernel's connector order.
    /// Disconnected connectors, and those no free CRTC can drive, are left out.
    static func plan(_ connectors: [ConnectorInfo]) -> [PlannedOutput] {
        var taken: Set<UInt32> = []
        var x = 0
        var outputs: [PlannedOutput] = []
        for connector in connectors where connector.isConnected {
            guard let mode = mode(for: connector),
                  let crtc = connector.possibleCrtcs.first(where: { !taken.contains($0) }) else { continue }
            taken.insert(crtc)
            outputs.append(PlannedOutput(connector: connector, crtc: crtc, mode: mode, x: x))
            x += mode.width
        }
        return outputs
    }
}
