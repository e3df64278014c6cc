#include "CStrataServerProtocol.h"

void strata_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

void strata_client_post_no_memory(struct wl_client *client) {
    wl_client_post_no_memory(client);
}
