#include "no-such-file.h"

active proctype P() { skip }
