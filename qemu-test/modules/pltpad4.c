/* pltpad.h with a pad of 4: see there. */
#define NAME "pltpad4"
#define PAD "xxxx"
#include "pltpad.h"
