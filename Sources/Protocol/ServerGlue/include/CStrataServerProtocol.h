#pragma once
#include <wayland-server.h>
#include <spawn.h>
#include "xdg-shell-server-protocol.h"
#include "strata-layers-v1-server-protocol.h"
#include "strata-blur-v1-server-protocol.h"
#include "wlr-screencopy-unstable-v1-server-protocol.h"
#include "xdg-output-unstable-v1-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "single-pixel-buffer-v1-server-protocol.h"
#include "presentation-time-server-protocol.h"
#include "primary-selection-unstable-v1-server-protocol.h"
#include "xdg-activation-v1-server-protocol.h"
#include "idle-inhibit-unstable-v1-server-protocol.h"
#include "relative-pointer-unstable-v1-server-protocol.h"
#include "pointer-constraints-unstable-v1-server-protocol.h"
#include "xdg-decoration-unstable-v1-server-protocol.h"
#include "wlr-layer-shell-unstable-v1-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "text-input-unstable-v1-server-protocol.h"
#include "text-input-unstable-v3-server-protocol.h"
#include "input-method-unstable-v2-server-protocol.h"
#include "virtual-keyboard-unstable-v1-server-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-server-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-server-protocol.h"
#include "ext-session-lock-v1-server-protocol.h"
#include "security-context-v1-server-protocol.h"
#include "ext-idle-notify-v1-server-protocol.h"
#include "kde-idle-server-protocol.h"
#include "keyboard-shortcuts-inhibit-unstable-v1-server-protocol.h"
#include "wlr-output-management-unstable-v1-server-protocol.h"
#include "wlr-output-power-management-unstable-v1-server-protocol.h"
#include "xdg-foreign-unstable-v1-server-protocol.h"
#include "xdg-foreign-unstable-v2-server-protocol.h"
#include "wlr-data-control-unstable-v1-server-protocol.h"
#include "wlr-gamma-control-unstable-v1-server-protocol.h"
#include "kde-server-decoration-server-protocol.h"
#include "pointer-gestures-unstable-v1-server-protocol.h"
#include "tablet-unstable-v2-server-protocol.h"
#include "cursor-shape-v1-server-protocol.h"
#include "strata-server-interfaces.h"

// wl_resource_post_error is variadic, which Swift cannot call.
void strata_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message);
void strata_client_post_no_memory(struct wl_client *client);

// Told of every error strata_resource_post_error posts, before it goes out
// (the compositor's log names the client and the error).
typedef void (*strata_protocol_error_observer)(struct wl_resource *resource, uint32_t code, const char *message);
void strata_set_protocol_error_observer(strata_protocol_error_observer observer);

// A read-only memfd holding `size` bytes (sealed against writing, growing
// and shrinking, so a client may map it MAP_PRIVATE without fear), or -1.
// memfd_create needs _GNU_SOURCE, which Swift's Glibc module does not set.
int strata_sealed_memfd(const char *name, const void *bytes, size_t size);

// The type of the file system `fd` lives on (statfs f_type, as in
// linux/magic.h), or -1; Swift's Glibc module lacks sys/vfs.h.
long long strata_file_system_type(int fd);

// A pidfd for `pid` (readable once it ends), or -1; glibc 2.36's
// pidfd_open is not in Swift's Glibc module, and syscall() is variadic.
int strata_pidfd_open(int pid);

// One byte and one file descriptor over a connected socket (SCM_RIGHTS),
// whose CMSG_ macros Swift cannot use: 0, or -1 with errno.
int strata_send_fd(int socket, int fd);

// Receives one message of up to `capacity` bytes into `bytes`; a file
// descriptor it carried goes to *fd (close-on-exec), else -1 (any further
// ones are closed). The byte count as recvmsg gives it, or -1 with errno.
long strata_receive_fd(int socket, void *bytes, unsigned long capacity, int *fd);

// posix_spawn_file_actions_addclosefrom_np (glibc 2.34), which Swift's
// Glibc module leaves out: the child closes every descriptor from `from` up.
int strata_spawn_close_from(posix_spawn_file_actions_t *actions, int from);
