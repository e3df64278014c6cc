#pragma once
// The integration wlcs loads: `wlcs_server_integration`, defined in
// strata_wlcs.c over the Swift host (StrataWlcs).
#include <wlcs/display_server.h>
