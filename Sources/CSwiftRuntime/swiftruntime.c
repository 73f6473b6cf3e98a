// swiftruntime declares functions of the Swift runtime (see include/swiftruntime.h); a C
// target needs a source file, and this one checks that the header compiles.
#include "swiftruntime.h"
