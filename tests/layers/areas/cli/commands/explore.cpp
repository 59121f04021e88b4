// The CLI runs the explorer's server (tartan explore): cmake/check_layers.cmake lets the CLI include the explorer.
#include "tartan/explorer/server.hpp"
