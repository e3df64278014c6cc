#include "CStrataClientProtocol.h"
