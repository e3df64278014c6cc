#include <wayland-server.h>
#include <wayland-server-protocol.h>
