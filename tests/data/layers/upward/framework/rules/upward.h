// A planted violation for the LayersRejectUpwardInclude test: the rules layer may not know games.
#pragma once
#include "game/game.h"
