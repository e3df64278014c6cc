#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/composite.h>
#include <xcb/xcb_icccm.h>
#include <xcb/xfixes.h>

/* xcb_xfixes_id is an opaque struct Swift cannot take the address of. */
static inline const xcb_query_extension_reply_t *strata_xcb_xfixes_data(xcb_connection_t *connection) {
    return xcb_get_extension_data(connection, &xcb_xfixes_id);
}
