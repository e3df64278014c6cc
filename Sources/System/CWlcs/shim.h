#include <wlcs/display_server.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>
