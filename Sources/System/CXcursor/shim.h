#include <X11/Xcursor/Xcursor.h>
