// CAllocator is a header of inline functions; SwiftPM needs one source file per C target.
#include "CAllocator.h"
