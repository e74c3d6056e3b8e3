/* pltpad.h with a pad of 2: see there. */
#define NAME "pltpad2"
#define PAD "xx"
#include "pltpad.h"
