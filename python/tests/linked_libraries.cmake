# Fails when the Python extension links what belongs to the command line or the explorer: the extension is built
# from the engine, the games and the presentation library only (python/CMakeLists.txt), never with CLI11, cpp-httplib
# or libedit. Three looks, as each alone can miss a link:
#   - LINKED, the libraries the build links the extension with (its targets and theirs, written when configuring):
#     none of tartan_cli, tartan_explorer, CLI11, cpp-httplib, libedit;
#   - the extension's symbols (nm -C): none of the CLI's code (tartan::cli::), CLI11's (CLI::), cpp-httplib's
#     (httplib::) or libedit's (el_*, history*); the linker copies only the objects of a static library that are
#     used, so the CLI's library could be linked and leave only its printers' symbols;
#   - the shared libraries it loads (ldd): not libedit or libcpp-httplib (the linker drops an unused one with
#     --as-needed, Debian's default, so this catches a use, not a mere link).
#
#   cmake -DLIBRARY=<_tartan...so> -DLINKED=<file> -DNM=<nm> -DLDD=<ldd> -P python/tests/linked_libraries.cmake
cmake_minimum_required(VERSION 3.25)
set(problems "")

file(STRINGS "${LINKED}" linked)
foreach(item ${linked})
  if(item MATCHES "^(tartan_cli|tartan_explorer|CLI11::|PkgConfig::HTTPLIB)" OR item MATCHES "(^|/)(lib)?(edit|cpp-httplib)(\\.|$)")
    string(APPEND problems "  linked with ${item}\n")
  endif()
endforeach()

# A stripped extension (pybind11 strips it in Release builds) has only its dynamic symbols left to read.
execute_process(COMMAND "${NM}" -C "${LIBRARY}" OUTPUT_VARIABLE symbols ERROR_QUIET)
if(NOT symbols MATCHES "PyInit__tartan")
  execute_process(COMMAND "${NM}" -C -D "${LIBRARY}" OUTPUT_VARIABLE symbols ERROR_VARIABLE nm_error)
endif()
if(NOT symbols MATCHES "PyInit__tartan")
  message(FATAL_ERROR "nm -C ${LIBRARY} shows no symbol PyInit__tartan: ${nm_error}")
endif()
string(REPLACE "\n" ";" symbol_lines "${symbols}")
set(shown 0)
foreach(line ${symbol_lines})
  if(line MATCHES " (tartan::cli::|CLI::|httplib::|el_[a-z_]+$|history(_[a-z_]+)?$)" AND shown LESS 5)
    string(APPEND problems "  symbol ${line}\n")
    math(EXPR shown "${shown} + 1")
  endif()
endforeach()

execute_process(COMMAND "${LDD}" "${LIBRARY}" OUTPUT_VARIABLE loads RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "ldd ${LIBRARY} failed")
endif()
string(REPLACE "\n" ";" load_lines "${loads}")
foreach(line ${load_lines})
  if(line MATCHES "libedit|libcpp-httplib")
    string(STRIP "${line}" line)
    string(APPEND problems "  loads ${line}\n")
  endif()
endforeach()

if(problems)
  message(FATAL_ERROR "the Python extension ${LIBRARY} has what belongs to the CLI or the explorer:\n${problems}"
                      "Link it with tartan_engine, tartan_games and tartan_present only (python/CMakeLists.txt).")
endif()
message(STATUS "the extension links the engine, the games and the presentation library only")
