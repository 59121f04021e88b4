// A front end that includes the engine's private header: cmake/check_layers.cmake must refuse it.
#include "detail/hidden.hpp"
