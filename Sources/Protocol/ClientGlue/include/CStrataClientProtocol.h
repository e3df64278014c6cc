#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "strata-layers-v1-client-protocol.h"
