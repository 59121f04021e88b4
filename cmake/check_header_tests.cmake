# Fails naming each public header of the engine that has no test file of its own (STYLE.md, "Tests": one test file per
# header): engine/include/tartan/<layer>/<name>.hpp is tested by tests/engine/<layer>/<name>_test.cpp, or by a file of
# that name in a folder below it (tests/engine/turning/code/); the detail headers' tests are in tests/engine/core/.
# tests/CMakeLists.txt runs it on the project (ctest layers.header_tests) and on a tree with an untested header, which
# must fail.
#
#   cmake -DSOURCE_DIR=<tree> [-DEXCEPTIONS=<header;...>] -P cmake/check_header_tests.cmake
#
# EXCEPTIONS replaces the project's list below (for the test trees).
#
# Complexity: one listing of the headers and one of the test files.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_header_tests.cmake: give -DSOURCE_DIR=<the tree to check>")
endif()

# Headers tested elsewhere, each with where; a header listed here that has a test file of its own, or no longer exists,
# is reported too, so the list stays true.
if(DEFINED EXCEPTIONS)
  set(exceptions ${EXCEPTIONS})
else()
  set(exceptions
    # The umbrella header: it only includes the others; the package test (tests/package/main.cpp) compiles it.
    engine/include/tartan/tartan.hpp
    # Two type aliases (coin, grundy_value) with nothing to run; every test of the layers above speaks in them.
    engine/include/tartan/core/coin.hpp
    # One type alias (progress_callback); the progress and cancel tests of the searches that take one call it
    # (tests/engine/core/search_stop_test.cpp, tests/engine/analysis/analysis_test.cpp).
    engine/include/tartan/core/progress.hpp)
endif()

file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/engine/include/tartan/*.hpp")
file(GLOB_RECURSE tests RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/tests/engine/*_test.cpp")
list(SORT headers)
set(problems "")
foreach(header ${headers})
  list(FIND exceptions "${header}" excepted)
  if(header MATCHES "^engine/include/tartan/([a-z_]+)/([a-z0-9_]+)\\.hpp$")
    set(layer "${CMAKE_MATCH_1}")
    set(stem "${CMAKE_MATCH_2}")
    if(layer STREQUAL "detail")
      set(layer core)
    endif()
    set(found "")
    foreach(test ${tests})
      if(test MATCHES "^tests/engine/${layer}/(.*/)?${stem}_test\\.cpp$")
        set(found "${test}")
      endif()
    endforeach()
    if(found STREQUAL "" AND excepted EQUAL -1)
      list(APPEND problems "${header}: no test file of its own (add tests/engine/${layer}/${stem}_test.cpp)")
    elseif(NOT found STREQUAL "" AND NOT excepted EQUAL -1)
      list(APPEND problems "${header}: tested by ${found}, so no exception (take it off the list in cmake/check_header_tests.cmake)")
    endif()
  elseif(excepted EQUAL -1)
    list(APPEND problems "${header}: outside the layers (move it to engine/include/tartan/<layer>/, or list it among the "
                         "exceptions in cmake/check_header_tests.cmake with where it is tested)")
  endif()
endforeach()
foreach(exception ${exceptions})
  if(NOT EXISTS "${SOURCE_DIR}/${exception}")
    list(APPEND problems "${exception}: listed among the exceptions in cmake/check_header_tests.cmake, but there is no such header")
  endif()
endforeach()

if(problems)
  foreach(problem ${problems})
    message(NOTICE "${problem}")
  endforeach()
  list(LENGTH problems count)
  message(FATAL_ERROR "${count} problem(s) with the engine's header tests (one line each above)")
endif()
list(LENGTH headers count)
message(STATUS "each of the ${count} public headers has its test file or is a listed exception")
