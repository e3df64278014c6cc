/// A device's settings libinput can change, apart from libinput so the
/// choice of what to set is testable.
protocol ConfigurableInputDevice: AnyObject {
    var name: String { get }
    /// Fingers a tap can be made with; 0 for devices that do not tap (not touchpads).
    var tapFingerCount: Int { get }
    var hasNaturalScrolling: Bool { get }
    func setTapToClick(_ enabled: Bool) -> Bool
    func setNaturalScrolling(_ enabled: Bool) -> Bool
}

extension InputDeviceOptions {
    /// Sets what this device supports of the options; returns what was set,
    /// for the log ("tap-to-click", "natural scrolling").
    @discardableResult
    func apply(to device: ConfigurableInputDevice) -> [String] {
        var applied: [String] = []
        if device.tapFingerCount > 0, device.setTapToClick(tapToClick), tapToClick {
            applied.append("tap-to-click")
        }
        if device.hasNaturalScrolling, device.setNaturalScrolling(naturalScrolling), naturalScrolling {
            applied.append("natural scrolling")
        }
        return applied
    }
}
