#define _GNU_SOURCE
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/vfs.h>
#include "CStrataServerProtocol.h"

static strata_protocol_error_observer error_observer;

void strata_set_protocol_error_observer(strata_protocol_error_observer observer) {
    error_observer = observer;
}

void strata_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    if (error_observer) error_observer(resource, code, message);
    wl_resource_post_error(resource, code, "%s", message);
}

void strata_client_post_no_memory(struct wl_client *client) {
    wl_client_post_no_memory(client);
}

int strata_sealed_memfd(const char *name, const void *bytes, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    const char *p = bytes;
    size_t left = size;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n <= 0) { close(fd); return -1; }
        p += n;
        left -= (size_t)n;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0) {
        close(fd);
        return -1;
    }
    // Every client gets a dup sharing this offset: leave it at the start,
    // for clients that read() the keymap rather than map it.
    lseek(fd, 0, SEEK_SET);
    return fd;
}

long long strata_file_system_type(int fd) {
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    return (long long)info.f_type;
}
