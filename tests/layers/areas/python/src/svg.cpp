// The Python extension drawing with the CLI's code: cmake/check_layers.cmake must refuse it.
#include "output/svg.hpp"
