#pragma once
#include <wayland-server.h>
#include "xdg-shell-server-protocol.h"
#include "strata-layers-v1-server-protocol.h"
#include "strata-server-interfaces.h"

// wl_resource_post_error is variadic, which Swift cannot call.
void strata_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message);
void strata_client_post_no_memory(struct wl_client *client);
