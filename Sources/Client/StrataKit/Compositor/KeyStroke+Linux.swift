import StrataWayland

extension KeyStroke {
    /// The key as UIKit names it, from the keymap's resolution of an evdev key.
    init(_ key: Key) {
        self.init(hidUsage: KeyStroke.hidUsage(linuxKeyCode: key.code), linuxKeyCode: key.code, keysym: key.keysym,
                  characters: key.text, charactersIgnoringModifiers: key.unmodifiedText,
                  modifierFlags: KeyStroke.modifierFlags(key.modifiers, linuxKeyCode: key.code))
    }

    /// UIKeyModifierFlags' raw values for the held modifiers; the Logo
    /// (Super) key is Command, as on a Mac keyboard attached to an iPad.
    static func modifierFlags(_ modifiers: Modifiers, linuxKeyCode: UInt32) -> Int {
        var flags = 0
        if modifiers.contains(.capsLock) { flags |= 1 << 16 }
        if modifiers.contains(.shift) { flags |= 1 << 17 }
        if modifiers.contains(.control) { flags |= 1 << 18 }
        if modifiers.contains(.alt) { flags |= 1 << 19 }
        if modifiers.contains(.logo) { flags |= 1 << 20 }
        if keypadCodes.contains(linuxKeyCode) { flags |= 1 << 21 }
        return flags
    }

    /// The USB HID keyboard usage of an evdev key code (the inverse of the
    /// table Linux's HID driver maps with); 0 for keys without one.
    static func hidUsage(linuxKeyCode code: UInt32) -> Int {
        hidUsageByLinuxCode[code] ?? 0
    }

    private static let keypadCodes: Set<UInt32> = [55, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 96, 98, 117, 121]

    private static let hidUsageByLinuxCode: [UInt32: Int] = {
        var table: [UInt32: Int] = [:]
        // Letters a…z are HID 0x04…0x1D; evdev numbers them by keyboard row.
        let letters: [UInt32] = [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
        for (index, code) in letters.enumerated() { table[code] = 0x04 + index }
        // 1…9 then 0 are HID 0x1E…0x27 and evdev 2…11.
        for index in 0..<10 { table[UInt32(2 + index)] = 0x1E + index }
        let named: [(UInt32, Int)] = [
            (28, 0x28), (1, 0x29), (14, 0x2A), (15, 0x2B), (57, 0x2C), (12, 0x2D), (13, 0x2E), (26, 0x2F),
            (27, 0x30), (43, 0x31), (39, 0x33), (40, 0x34), (41, 0x35), (51, 0x36), (52, 0x37), (53, 0x38),
            (58, 0x39),
            (59, 0x3A), (60, 0x3B), (61, 0x3C), (62, 0x3D), (63, 0x3E), (64, 0x3F), (65, 0x40), (66, 0x41),
            (67, 0x42), (68, 0x43), (87, 0x44), (88, 0x45),
            (99, 0x46), (70, 0x47), (119, 0x48), (110, 0x49), (102, 0x4A), (104, 0x4B), (111, 0x4C), (107, 0x4D),
            (109, 0x4E), (106, 0x4F), (105, 0x50), (108, 0x51), (103, 0x52),
            (69, 0x53), (98, 0x54), (55, 0x55), (74, 0x56), (78, 0x57), (96, 0x58), (79, 0x59), (80, 0x5A),
            (81, 0x5B), (75, 0x5C), (76, 0x5D), (77, 0x5E), (71, 0x5F), (72, 0x60), (73, 0x61), (82, 0x62),
            (83, 0x63), (86, 0x64), (127, 0x65), (117, 0x67),
            (29, 0xE0), (42, 0xE1), (56, 0xE2), (125, 0xE3), (97, 0xE4), (54, 0xE5), (100, 0xE6), (126, 0xE7),
        ]
        for (code, usage) in named { table[code] = usage }
        // F13…F24 are HID 0x68…0x73 and evdev 183…194.
        for index in 0..<12 { table[UInt32(183 + index)] = 0x68 + index }
        return table
    }()
}
