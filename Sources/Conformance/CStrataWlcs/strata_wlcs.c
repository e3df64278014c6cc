// wlcs_server_integration: the tables wlcs calls, each entry a thin
// wrapper that unpacks wlcs's structs and calls the Swift host.
#include "CStrataWlcs.h"
#include "swift_host.h"

#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>

typedef struct {
    WlcsDisplayServer base;
    void *host;
    WlcsIntegrationDescriptor descriptor;
    WlcsExtensionDescriptor *extensions;
} StrataDisplayServer;

typedef struct {
    WlcsPointer base;
    void *device;
} StrataPointer;

typedef struct {
    WlcsTouch base;
    void *device;
} StrataTouch;

static StrataDisplayServer *server_of(WlcsDisplayServer *server) { return (StrataDisplayServer *)server; }
static void *pointer_of(WlcsPointer *pointer) { return ((StrataPointer *)pointer)->device; }
static void *touch_of(WlcsTouch *touch) { return ((StrataTouch *)touch)->device; }

// Pointer

static void pointer_move_absolute(WlcsPointer *pointer, wl_fixed_t x, wl_fixed_t y) {
    strata_wlcs_pointer_move_to(pointer_of(pointer), wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void pointer_move_relative(WlcsPointer *pointer, wl_fixed_t dx, wl_fixed_t dy) {
    strata_wlcs_pointer_move_by(pointer_of(pointer), wl_fixed_to_double(dx), wl_fixed_to_double(dy));
}

static void pointer_button_up(WlcsPointer *pointer, int button) {
    strata_wlcs_pointer_button(pointer_of(pointer), (uint32_t)button, false);
}

static void pointer_button_down(WlcsPointer *pointer, int button) {
    strata_wlcs_pointer_button(pointer_of(pointer), (uint32_t)button, true);
}

static void pointer_destroy(WlcsPointer *pointer) {
    strata_wlcs_pointer_destroy(pointer_of(pointer));
    free(pointer);
}

// Touch. Though typed wl_fixed_t, wlcs passes touch coordinates as whole
// pixels (its Touch::down_at and move_to hand their ints straight through,
// where Pointer converts with wl_fixed_from_int), so they are taken as such.

static void touch_down(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    strata_wlcs_touch_down(touch_of(touch), (double)x, (double)y);
}

static void touch_move(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    strata_wlcs_touch_move(touch_of(touch), (double)x, (double)y);
}

static void touch_up(WlcsTouch *touch) { strata_wlcs_touch_up(touch_of(touch)); }

static void touch_destroy(WlcsTouch *touch) {
    strata_wlcs_touch_destroy(touch_of(touch));
    free(touch);
}

// Display server

static void server_start(WlcsDisplayServer *server) { strata_wlcs_host_start(server_of(server)->host); }

static void server_stop(WlcsDisplayServer *server) { strata_wlcs_host_stop(server_of(server)->host); }

static int server_create_client_socket(WlcsDisplayServer *server) {
    return strata_wlcs_host_client_socket(server_of(server)->host);
}

static void server_position_window_absolute(WlcsDisplayServer *server, wl_display *client, wl_surface *surface,
                                            int x, int y) {
    // wlcs connected `client` to the fd create_client_socket returned, and
    // the surface's object id is the same on both ends of the connection.
    strata_wlcs_host_place_window(server_of(server)->host, wl_display_get_fd(client),
                                  wl_proxy_get_id((struct wl_proxy *)surface), x, y);
}

static WlcsPointer *server_create_pointer(WlcsDisplayServer *server) {
    StrataPointer *pointer = calloc(1, sizeof *pointer);
    if (!pointer) return NULL;
    pointer->base.version = WLCS_POINTER_VERSION;
    pointer->base.move_absolute = pointer_move_absolute;
    pointer->base.move_relative = pointer_move_relative;
    pointer->base.button_up = pointer_button_up;
    pointer->base.button_down = pointer_button_down;
    pointer->base.destroy = pointer_destroy;
    pointer->device = strata_wlcs_pointer_create(server_of(server)->host);
    return &pointer->base;
}

static WlcsTouch *server_create_touch(WlcsDisplayServer *server) {
    StrataTouch *touch = calloc(1, sizeof *touch);
    if (!touch) return NULL;
    touch->base.version = WLCS_TOUCH_VERSION;
    touch->base.touch_down = touch_down;
    touch->base.touch_move = touch_move;
    touch->base.touch_up = touch_up;
    touch->base.destroy = touch_destroy;
    touch->device = strata_wlcs_touch_create(server_of(server)->host);
    return &touch->base;
}

static WlcsIntegrationDescriptor const *server_get_descriptor(WlcsDisplayServer const *server) {
    return &((StrataDisplayServer const *)server)->descriptor;
}

static WlcsDisplayServer *create_server(int argc, char const **argv) {
    (void)argc;
    (void)argv;
    StrataDisplayServer *server = calloc(1, sizeof *server);
    if (!server) return NULL;
    server->base.version = WLCS_DISPLAY_SERVER_VERSION;
    server->base.start = server_start;
    server->base.stop = server_stop;
    server->base.create_client_socket = server_create_client_socket;
    server->base.position_window_absolute = server_position_window_absolute;
    server->base.create_pointer = server_create_pointer;
    server->base.create_touch = server_create_touch;
    server->base.get_descriptor = server_get_descriptor;
    server->base.start_on_this_thread = NULL;  // start runs the loop on a thread of its own

    size_t count = strata_wlcs_extension_count();
    server->extensions = calloc(count ? count : 1, sizeof *server->extensions);
    for (size_t i = 0; server->extensions && i < count; i++) {
        server->extensions[i].name = strata_wlcs_extension_name(i);
        server->extensions[i].version = strata_wlcs_extension_version(i);
    }
    server->descriptor.version = WLCS_INTEGRATION_DESCRIPTOR_VERSION;
    server->descriptor.num_extensions = server->extensions ? count : 0;
    server->descriptor.supported_extensions = server->extensions;

    server->host = strata_wlcs_host_create();
    return &server->base;
}

static void destroy_server(WlcsDisplayServer *server) {
    StrataDisplayServer *strata = server_of(server);
    strata_wlcs_host_destroy(strata->host);
    free(strata->extensions);
    free(strata);
}

WlcsServerIntegration const wlcs_server_integration = {
    .version = WLCS_SERVER_INTEGRATION_VERSION,
    .create_server = create_server,
    .destroy_server = destroy_server,
};
