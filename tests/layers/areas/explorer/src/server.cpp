// The explorer reaching back into the CLI: cmake/check_layers.cmake must refuse it.
#include "tartan/explorer/server.hpp"

#include "output/svg.hpp"
