/* pltpad.h with a pad of 3: see there. */
#define NAME "pltpad3"
#define PAD "xxx"
#include "pltpad.h"
