#pragma once
#include <wayland-server.h>
#include "xdg-shell-server-protocol.h"
#include "strata-layers-v1-server-protocol.h"
#include "wlr-screencopy-unstable-v1-server-protocol.h"
#include "xdg-output-unstable-v1-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "single-pixel-buffer-v1-server-protocol.h"
#include "presentation-time-server-protocol.h"
#include "primary-selection-unstable-v1-server-protocol.h"
#include "xdg-activation-v1-server-protocol.h"
#include "idle-inhibit-unstable-v1-server-protocol.h"
#include "relative-pointer-unstable-v1-server-protocol.h"
#include "pointer-constraints-unstable-v1-server-protocol.h"
#include "xdg-decoration-unstable-v1-server-protocol.h"
#include "wlr-layer-shell-unstable-v1-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "text-input-unstable-v1-server-protocol.h"
#include "text-input-unstable-v3-server-protocol.h"
#include "input-method-unstable-v2-server-protocol.h"
#include "virtual-keyboard-unstable-v1-server-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-server-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-server-protocol.h"
#include "ext-session-lock-v1-server-protocol.h"
#include "security-context-v1-server-protocol.h"
#include "ext-idle-notify-v1-server-protocol.h"
#include "kde-idle-server-protocol.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-server-protocol.h"
#include "wlr-output-management-unstable-v1-server-protocol.h"
#include "wlr-output-power-management-unstable-v1-server-protocol.h"
#include "xdg-foreign-unstable-v1-server-protocol.h"
#include "xdg-foreign-unstable-v2-server-protocol.h"
#include "wlr-data-control-unstable-v1-server-protocol.h"
#include "wlr-gamma-control-unstable-v1-server-protocol.h"
#include "kde-server-decoration-server-protocol.h"
#include "pointer-gestures-unstable-v1-server-protocol.h"
#include "tablet-unstable-v2-server-protocol.h"
#include "cursor-shape-v1-server-protocol.h"

// Swift imports `extern const struct wl_interface` globals as `let`
// constants, whose address it cannot take; libwayland needs the address
// (wl_global_create, wl_resource_create, wl_resource_instance_of).
#define STRATA_INTERFACE(name) \
    static inline const struct wl_interface *strata_##name##_interface(void) { return &name##_interface; }

STRATA_INTERFACE(wl_display)
STRATA_INTERFACE(wl_registry)
STRATA_INTERFACE(wl_compositor)
STRATA_INTERFACE(wl_surface)
STRATA_INTERFACE(wl_region)
STRATA_INTERFACE(wl_subcompositor)
STRATA_INTERFACE(wl_subsurface)
STRATA_INTERFACE(wl_callback)
STRATA_INTERFACE(wl_output)
STRATA_INTERFACE(wl_buffer)
STRATA_INTERFACE(wl_shm)
STRATA_INTERFACE(wl_seat)
STRATA_INTERFACE(wl_data_device_manager)
STRATA_INTERFACE(wl_data_device)
STRATA_INTERFACE(wl_data_source)
STRATA_INTERFACE(wl_data_offer)
STRATA_INTERFACE(wl_pointer)
STRATA_INTERFACE(wl_keyboard)
STRATA_INTERFACE(wl_touch)
STRATA_INTERFACE(xdg_wm_base)
STRATA_INTERFACE(xdg_positioner)
STRATA_INTERFACE(xdg_surface)
STRATA_INTERFACE(xdg_toplevel)
STRATA_INTERFACE(xdg_popup)
STRATA_INTERFACE(strata_layers_v1)
STRATA_INTERFACE(strata_context_v1)
STRATA_INTERFACE(strata_layer_v1)
STRATA_INTERFACE(strata_blur_manager_v1)
STRATA_INTERFACE(strata_blur_v1)
STRATA_INTERFACE(zwlr_screencopy_manager_v1)
STRATA_INTERFACE(zwlr_screencopy_frame_v1)
STRATA_INTERFACE(zxdg_output_manager_v1)
STRATA_INTERFACE(zxdg_output_v1)
STRATA_INTERFACE(wp_viewporter)
STRATA_INTERFACE(wp_viewport)
STRATA_INTERFACE(wp_single_pixel_buffer_manager_v1)
STRATA_INTERFACE(wp_presentation)
STRATA_INTERFACE(wp_presentation_feedback)
STRATA_INTERFACE(zwp_primary_selection_device_manager_v1)
STRATA_INTERFACE(zwp_primary_selection_device_v1)
STRATA_INTERFACE(zwp_primary_selection_offer_v1)
STRATA_INTERFACE(zwp_primary_selection_source_v1)
STRATA_INTERFACE(xdg_activation_v1)
STRATA_INTERFACE(xdg_activation_token_v1)
STRATA_INTERFACE(zwp_idle_inhibit_manager_v1)
STRATA_INTERFACE(zwp_idle_inhibitor_v1)
STRATA_INTERFACE(zwp_relative_pointer_manager_v1)
STRATA_INTERFACE(zwp_relative_pointer_v1)
STRATA_INTERFACE(zwp_pointer_constraints_v1)
STRATA_INTERFACE(zwp_locked_pointer_v1)
STRATA_INTERFACE(zwp_confined_pointer_v1)
STRATA_INTERFACE(zxdg_decoration_manager_v1)
STRATA_INTERFACE(zxdg_toplevel_decoration_v1)
STRATA_INTERFACE(zwlr_layer_shell_v1)
STRATA_INTERFACE(zwlr_layer_surface_v1)
STRATA_INTERFACE(wp_fractional_scale_manager_v1)
STRATA_INTERFACE(wp_fractional_scale_v1)
STRATA_INTERFACE(zwp_text_input_manager_v1)
STRATA_INTERFACE(zwp_text_input_v1)
STRATA_INTERFACE(zwp_text_input_manager_v3)
STRATA_INTERFACE(zwp_text_input_v3)
STRATA_INTERFACE(zwp_input_method_manager_v2)
STRATA_INTERFACE(zwp_input_method_v2)
STRATA_INTERFACE(zwp_input_popup_surface_v2)
STRATA_INTERFACE(zwp_input_method_keyboard_grab_v2)
STRATA_INTERFACE(zwp_virtual_keyboard_manager_v1)
STRATA_INTERFACE(zwp_virtual_keyboard_v1)
STRATA_INTERFACE(zwlr_foreign_toplevel_manager_v1)
STRATA_INTERFACE(zwlr_foreign_toplevel_handle_v1)
STRATA_INTERFACE(zwlr_virtual_pointer_manager_v1)
STRATA_INTERFACE(zwlr_virtual_pointer_v1)
STRATA_INTERFACE(ext_session_lock_manager_v1)
STRATA_INTERFACE(ext_session_lock_v1)
STRATA_INTERFACE(ext_session_lock_surface_v1)
STRATA_INTERFACE(wp_security_context_manager_v1)
STRATA_INTERFACE(wp_security_context_v1)
STRATA_INTERFACE(ext_idle_notifier_v1)
STRATA_INTERFACE(ext_idle_notification_v1)
STRATA_INTERFACE(org_kde_kwin_idle)
STRATA_INTERFACE(org_kde_kwin_idle_timeout)
STRATA_INTERFACE(zwp_keyboard_shortcuts_inhibit_manager_v1)
STRATA_INTERFACE(zwp_keyboard_shortcuts_inhibitor_v1)
STRATA_INTERFACE(zxdg_exporter_v1)
STRATA_INTERFACE(zxdg_importer_v1)
STRATA_INTERFACE(zxdg_exported_v1)
STRATA_INTERFACE(zxdg_imported_v1)
STRATA_INTERFACE(zxdg_exporter_v2)
STRATA_INTERFACE(zxdg_importer_v2)
STRATA_INTERFACE(zxdg_exported_v2)
STRATA_INTERFACE(zxdg_imported_v2)
STRATA_INTERFACE(zwlr_data_control_manager_v1)
STRATA_INTERFACE(zwlr_data_control_device_v1)
STRATA_INTERFACE(zwlr_data_control_source_v1)
STRATA_INTERFACE(zwlr_data_control_offer_v1)
STRATA_INTERFACE(zwlr_gamma_control_manager_v1)
STRATA_INTERFACE(zwlr_gamma_control_v1)
STRATA_INTERFACE(org_kde_kwin_server_decoration_manager)
STRATA_INTERFACE(org_kde_kwin_server_decoration)
STRATA_INTERFACE(zwp_pointer_gestures_v1)
STRATA_INTERFACE(zwp_pointer_gesture_swipe_v1)
STRATA_INTERFACE(zwp_pointer_gesture_pinch_v1)
STRATA_INTERFACE(zwp_pointer_gesture_hold_v1)
STRATA_INTERFACE(zwlr_output_manager_v1)
STRATA_INTERFACE(zwlr_output_head_v1)
STRATA_INTERFACE(zwlr_output_mode_v1)
STRATA_INTERFACE(zwlr_output_configuration_v1)
STRATA_INTERFACE(zwlr_output_configuration_head_v1)
STRATA_INTERFACE(zwlr_output_power_manager_v1)
STRATA_INTERFACE(zwlr_output_power_v1)
STRATA_INTERFACE(wp_cursor_shape_manager_v1)
STRATA_INTERFACE(wp_cursor_shape_device_v1)

#undef STRATA_INTERFACE
