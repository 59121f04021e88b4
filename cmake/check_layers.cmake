# Fails when a file includes a header it may not see (STYLE.md, "Layout and dependency direction"):
#   - the engine's layers, lowest first: core, nim, graph, turning, product, analysis, play. A file of a layer
#     (engine/include/tartan/<layer>/ or engine/src/<layer>/) includes headers of its own layer or lower ones only;
#     the detail headers (engine/include/tartan/detail/, engine/src/detail/) count as core, and nothing in the engine
#     includes the umbrella tartan/tartan.hpp;
#   - the areas above the engine: games sees the engine; present sees games and the engine; explorer and python see
#     present, games and the engine; cli sees those and the explorer too, because `tartan explore` is a subcommand
#     that parses its options and runs the explorer's server (explorer_server.hpp); the explorer never includes the
#     CLI, nor python either of them, so the server and the Python package build without the CLI's argument parser
#     and line editor; none of them includes the engine's private headers (engine/src/).
# The build runs it before compiling the engine (target tartan_layer_check), so an upward include fails the build
# with one line per include naming the file and the rule; tests/CMakeLists.txt also runs it on a tree with
# an upward include, which must fail.
#
#   cmake -DSOURCE_DIR=<tree> [-DSTAMP=<file>] -P cmake/check_layers.cmake
#
# Complexity: one pass over the include lines of every C++ file of the tree.
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_layers.cmake: give -DSOURCE_DIR=<the tree to check>")
endif()

set(layers core nim graph turning product analysis play)
set(areas games present cli explorer python)
# What each area above the engine may include, besides the engine's public headers and its own files.
set(area_sees_games games)
set(area_sees_present games present)
set(area_sees_cli games present cli explorer)
set(area_sees_explorer games present explorer)
set(area_sees_python games present python)

# rank_of(<name> <out>): the layer's position (0 = core), "detail" as core, -1 when <name> is not a layer.
function(rank_of name out)
  if(name STREQUAL "detail")
    set(${out} 0 PARENT_SCOPE)
  else()
    list(FIND layers "${name}" index)
    set(${out} ${index} PARENT_SCOPE)
  endif()
endfunction()

set(violations "")
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/engine/*.hpp" "${SOURCE_DIR}/engine/*.cpp")
foreach(area ${areas})
  file(GLOB_RECURSE area_files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${area}/*.hpp" "${SOURCE_DIR}/${area}/*.cpp")
  list(APPEND files ${area_files})
endforeach()

foreach(file ${files})
  # The file's place: an engine layer, or an area above the engine.
  set(file_rank "")
  set(file_area "")
  if(file MATCHES "^engine/(include/tartan|src)/([a-z_]+)/")
    rank_of("${CMAKE_MATCH_2}" file_rank)
  elseif(file MATCHES "^([a-z_]+)/")
    set(file_area "${CMAKE_MATCH_1}")
  endif()
  if(file_rank STREQUAL "" AND file_area STREQUAL "")
    continue()  # engine/include/tartan/tartan.hpp, the umbrella, sees everything
  endif()

  file(STRINGS "${SOURCE_DIR}/${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line ${lines})
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
    set(problem "")
    if(NOT file_rank STREQUAL "")
      # In the engine: public "tartan/<layer>/..." and private "<layer>/..." headers alike.
      if(header STREQUAL "tartan/tartan.hpp")
        set(problem "the engine never includes the umbrella header")
      elseif(header MATCHES "^(tartan/)?([a-z_]+)/")
        rank_of("${CMAKE_MATCH_2}" header_rank)
        if(header_rank GREATER file_rank)
          list(GET layers ${file_rank} file_layer)
          set(problem "layer ${file_layer} may not include layer ${CMAKE_MATCH_2} (above it)")
        endif()
      endif()
    else()
      # Above the engine: private engine headers never; other areas only as area_sees_<area> says.
      if(NOT header MATCHES "^tartan/" AND EXISTS "${SOURCE_DIR}/engine/src/${header}")
        set(problem "${file_area} may not include the engine's private header engine/src/${header}")
      else()
        foreach(other ${areas})
          if(other STREQUAL file_area OR other IN_LIST area_sees_${file_area})
            continue()
          endif()
          if(header MATCHES "^tartan/${other}/" OR EXISTS "${SOURCE_DIR}/${other}/${header}"
             AND NOT EXISTS "${SOURCE_DIR}/${file_area}/${header}"
             AND NOT EXISTS "${SOURCE_DIR}/${file_area}/src/${header}")
            set(problem "${file_area} may not include ${other}'s ${header}")
          endif()
        endforeach()
      endif()
    endif()
    if(problem)
      string(APPEND violations "  ${file}: #include \"${header}\": ${problem}\n")
    endif()
  endforeach()
endforeach()

if(violations)
  message(FATAL_ERROR "includes that break the layering (STYLE.md):\n${violations}"
                      "Move what is needed to the lower layer, or make it public API there.")
endif()
if(STAMP)
  file(TOUCH "${STAMP}")
endif()
