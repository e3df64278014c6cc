import CStrataServerProtocol
import CWaylandServer

extension Server {
    /// Every global the server advertises, by interface name, with the
    /// version it serves: what a conformance suite (wlcs) is told the
    /// compositor supports. A test compares it with a client's registry.
    public static var servedGlobals: [(interface: String, version: UInt32)] {
        servedGlobalInterfaces.map { (String(cString: $0.interface.pointee.name), $0.version) }
    }

    /// The same globals as libwayland's interface tables (wayland-scanner's
    /// output of each protocol's XML): their requests' signatures are what a
    /// protocol fuzzer composes messages from.
    public static var servedGlobalInterfaces: [(interface: UnsafePointer<wl_interface>, version: UInt32)] {
        let served: [(UnsafePointer<wl_interface>, Int32)] = [
            (strata_wl_compositor_interface(), CompositorGlobal.version),
            (strata_wl_subcompositor_interface(), SubcompositorGlobal.version),
            // wl_display_init_shm's global.
            (strata_wl_shm_interface(), 1),
            (strata_wl_output_interface(), OutputGlobal.version),
            (strata_zxdg_output_manager_v1_interface(), XdgOutputManagerGlobal.version),
            (strata_xdg_wm_base_interface(), XdgWmBaseGlobal.version),
            (strata_strata_layers_v1_interface(), LayersGlobal.version),
            (strata_zwlr_screencopy_manager_v1_interface(), ScreencopyManagerGlobal.version),
            (strata_wp_viewporter_interface(), ViewporterGlobal.version),
            (strata_strata_blur_manager_v1_interface(), BlurManagerGlobal.version),
            (strata_wp_fractional_scale_manager_v1_interface(), FractionalScaleManagerGlobal.version),
            (strata_wp_single_pixel_buffer_manager_v1_interface(), SinglePixelBufferManagerGlobal.version),
            (strata_zxdg_decoration_manager_v1_interface(), DecorationManagerGlobal.version),
            (strata_wl_seat_interface(), Seat.version),
            (strata_wl_data_device_manager_interface(), DataDeviceManagerGlobal.version),
            (strata_wp_presentation_interface(), PresentationGlobal.version),
            (strata_zwp_primary_selection_device_manager_v1_interface(), PrimarySelectionManagerGlobal.version),
            (strata_xdg_activation_v1_interface(), XdgActivationGlobal.version),
            (strata_zwp_idle_inhibit_manager_v1_interface(), IdleInhibitManagerGlobal.version),
            (strata_zwp_relative_pointer_manager_v1_interface(), RelativePointerManagerGlobal.version),
            (strata_zwp_pointer_constraints_v1_interface(), PointerConstraintsGlobal.version),
            (strata_zwlr_layer_shell_v1_interface(), LayerShellGlobal.version),
            (strata_zwp_text_input_manager_v3_interface(), TextInputManagerGlobal.version),
            (strata_zwp_text_input_manager_v1_interface(), TextInputManagerV1Global.version),
            (strata_zwp_input_method_manager_v2_interface(), InputMethodManagerGlobal.version),
            (strata_zwp_virtual_keyboard_manager_v1_interface(), VirtualKeyboardManagerGlobal.version),
            (strata_zwlr_foreign_toplevel_manager_v1_interface(), ForeignToplevelManagerGlobal.version),
            (strata_zwlr_virtual_pointer_manager_v1_interface(), VirtualPointerManagerGlobal.version),
            (strata_ext_session_lock_manager_v1_interface(), SessionLockManagerGlobal.version),
            (strata_wp_security_context_manager_v1_interface(), SecurityContextManagerGlobal.version),
            (strata_ext_idle_notifier_v1_interface(), IdleNotifierGlobal.version),
            (strata_zwp_keyboard_shortcuts_inhibit_manager_v1_interface(), KeyboardShortcutsInhibitManagerGlobal.version),
            (strata_zxdg_exporter_v1_interface(), XdgForeignRegistry.version),
            (strata_zxdg_importer_v1_interface(), XdgForeignRegistry.version),
            (strata_zxdg_exporter_v2_interface(), XdgForeignRegistry.version),
            (strata_zxdg_importer_v2_interface(), XdgForeignRegistry.version),
            (strata_org_kde_kwin_idle_interface(), IdleNotifierGlobal.kdeVersion),
            (strata_zwlr_data_control_manager_v1_interface(), DataControlManagerGlobal.version),
            (strata_zwlr_gamma_control_manager_v1_interface(), GammaControlManagerGlobal.version),
            (strata_org_kde_kwin_server_decoration_manager_interface(), KdeServerDecorationManagerGlobal.version),
            (strata_zwp_pointer_gestures_v1_interface(), PointerGesturesGlobal.version),
            (strata_zwlr_output_manager_v1_interface(), OutputManagerGlobal.version),
            (strata_zwlr_output_power_manager_v1_interface(), OutputPowerManagerGlobal.version),
            (strata_wp_cursor_shape_manager_v1_interface(), CursorShapeManagerGlobal.version),
        ]
        return served.map { ($0.0, UInt32($0.1)) }
    }
}
