/* pltpad.h with a pad of 1: see there. */
#define NAME "pltpad1"
#define PAD "x"
#include "pltpad.h"
