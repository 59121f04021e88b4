// A nim header without a test file: cmake/check_header_tests.cmake must name it (tests/CMakeLists.txt).
#pragma once
