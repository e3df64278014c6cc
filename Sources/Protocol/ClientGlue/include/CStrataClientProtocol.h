#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "strata-layers-v1-client-protocol.h"
#include "strata-blur-v1-client-protocol.h"
#include "wlr-screencopy-unstable-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "single-pixel-buffer-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "primary-selection-unstable-v1-client-protocol.h"
#include "xdg-activation-v1-client-protocol.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "relative-pointer-unstable-v1-client-protocol.h"
#include "pointer-constraints-unstable-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "text-input-unstable-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"
#include "input-method-unstable-v2-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "ext-session-lock-v1-client-protocol.h"
#include "security-context-v1-client-protocol.h"
#include "ext-idle-notify-v1-client-protocol.h"
#include "kde-idle-client-protocol.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-client-protocol.h"
#include "wlr-output-management-unstable-v1-client-protocol.h"
#include "wlr-output-power-management-unstable-v1-client-protocol.h"
#include "xdg-foreign-unstable-v1-client-protocol.h"
#include "xdg-foreign-unstable-v2-client-protocol.h"
#include "wlr-data-control-unstable-v1-client-protocol.h"
#include "wlr-gamma-control-unstable-v1-client-protocol.h"
#include "kde-server-decoration-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"

// Swift imports the `extern const struct wl_interface` tables as values, so
// `&table` is not available there; wl_registry_bind needs their addresses.
static inline const struct wl_interface *strata_client_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *strata_client_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *strata_client_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *strata_client_strata_layers_v1_interface(void) { return &strata_layers_v1_interface; }
static inline const struct wl_interface *strata_client_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *strata_client_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *strata_client_wl_data_device_manager_interface(void) { return &wl_data_device_manager_interface; }
static inline const struct wl_interface *strata_client_zxdg_decoration_manager_v1_interface(void) { return &zxdg_decoration_manager_v1_interface; }
static inline const struct wl_interface *strata_client_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
static inline const struct wl_interface *strata_client_strata_blur_manager_v1_interface(void) { return &strata_blur_manager_v1_interface; }
static inline const struct wl_interface *strata_client_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
static inline const struct wl_interface *strata_client_xdg_activation_v1_interface(void) { return &xdg_activation_v1_interface; }
static inline const struct wl_interface *strata_client_zwp_pointer_gestures_v1_interface(void) { return &zwp_pointer_gestures_v1_interface; }
