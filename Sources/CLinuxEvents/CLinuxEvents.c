// The target exists for its header; SwiftPM wants at least one source file in a C target.
#include "CLinuxEvents.h"
