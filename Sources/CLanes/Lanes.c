// CLanes is a header of inline functions; SwiftPM needs one source file per C target.
#include "CLanes.h"
