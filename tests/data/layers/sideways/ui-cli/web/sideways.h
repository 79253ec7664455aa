// A planted violation for the LayersRejectFrontEndInclude test: one front end (the web server) may
// not include another (the terminal game); what both need belongs in ui-cli/base or ui-cli/view.
#pragma once
#include "terminal/terminal_front_end.h"
