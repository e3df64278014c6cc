#include <libseat.h>
