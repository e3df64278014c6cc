#pragma once
// The Swift side of the integration (Sources/Conformance/StrataWlcs, each
// an @_cdecl function). Handles are retained Swift objects; wl_fixed_t and
// client-side proxies are converted here in C, so Swift sees plain values.
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void *strata_wlcs_host_create(void);
void strata_wlcs_host_destroy(void *host);
void strata_wlcs_host_start(void *host);
void strata_wlcs_host_stop(void *host);
int strata_wlcs_host_client_socket(void *host);
/// The window of the surface that is object `surface_id` of the client on
/// `client_fd` (the fd create_client_socket returned) moves to (x, y).
void strata_wlcs_host_place_window(void *host, int client_fd, uint32_t surface_id, int x, int y);

size_t strata_wlcs_extension_count(void);
/// Interface name of the i-th served global (a string that lives as long as the process).
char const *strata_wlcs_extension_name(size_t i);
uint32_t strata_wlcs_extension_version(size_t i);

void *strata_wlcs_pointer_create(void *host);
void strata_wlcs_pointer_move_to(void *pointer, double x, double y);
void strata_wlcs_pointer_move_by(void *pointer, double dx, double dy);
void strata_wlcs_pointer_button(void *pointer, uint32_t button, bool pressed);
void strata_wlcs_pointer_destroy(void *pointer);

void *strata_wlcs_touch_create(void *host);
void strata_wlcs_touch_down(void *touch, double x, double y);
void strata_wlcs_touch_move(void *touch, double x, double y);
void strata_wlcs_touch_up(void *touch);
void strata_wlcs_touch_destroy(void *touch);
