/// Names of protocol error codes, for messages: the enums of
/// strata-layers-v1 and of the core objects whose errors clients meet.
enum ProtocolErrorNames {
    private static let names: [String: [String]] = [
        "wl_display": ["invalid_object", "invalid_method", "no_memory", "implementation"],
        // wl_shm's enum, also raised on pools and buffers.
        "wl_shm": ["invalid_format", "invalid_stride", "invalid_fd"],
        "wl_shm_pool": ["invalid_format", "invalid_stride", "invalid_fd"],
        "wl_buffer": ["invalid_format", "invalid_stride", "invalid_fd"],
        "strata_layers_v1": ["quota_exceeded", "too_many_commits", "context_exists", "invalid_surface"],
        "strata_layer_v1": ["cycle", "already_parented", "defunct_layer", "bad_buffer", "invalid_enum", "invalid_value"],
    ]

    /// The enum entry's name, or nil when unknown.
    static func name(interface: String, code: UInt32) -> String? {
        guard let list = names[interface], code < list.count else { return nil }
        return list[Int(code)]
    }
}
