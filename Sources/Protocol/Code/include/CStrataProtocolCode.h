// The wl_interface tables wayland-scanner generates live in this target's
// .c files; the server and client glue headers declare them.
