// A core header that reaches up into analysis: cmake/check_layers.cmake must refuse it (tests/CMakeLists.txt).
#pragma once

#include "tartan/analysis/high.hpp"
