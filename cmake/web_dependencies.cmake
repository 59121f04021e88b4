# The libraries the static explorer's WebAssembly build (scripts/build-web, docs/explorer.md) takes from the host,
# included by the top-level CMakeLists.txt in place of its find_package calls when the compiler is Emscripten's.
#
# Boost (Graph, Container) and nlohmann/json are used header-only, so the host's Debian headers serve the
# WebAssembly build too. Emscripten's toolchain searches its own sysroot only, and the host's include directory
# cannot be added as a whole (its libc headers would shadow Emscripten's), so each library's folder is linked into a
# directory of its own under the build tree, which the targets below put on the include path.
#
# Threads::Threads is empty: the build is single-threaded (no -pthread), so that it runs on any static host.
# WebAssembly threads need SharedArrayBuffer, which browsers give only to cross-origin isolated pages (the
# Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy headers), and a plain static host sends neither.
# Under Emscripten without -pthread, std::thread::hardware_concurrency() is 1, so the engine keeps to one thread, and
# the places that start threads whatever the count compute on the calling thread (engine/src/detail/threads.hpp).
#
# zlib has no build here (Emscripten's port is downloaded at build time): present/ then stores the PNG images of
# large pictures uncompressed (present/include/tartan/present/zlib_stream.hpp).
set(host_headers ${PROJECT_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${host_headers})
foreach(library boost nlohmann)
  if(library STREQUAL "boost")
    set(probe boost/version.hpp)
  else()
    set(probe nlohmann/json.hpp)
  endif()
  find_path(TARTAN_HOST_${library}_INCLUDE ${probe} PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH
            NO_DEFAULT_PATH)
  if(NOT TARTAN_HOST_${library}_INCLUDE)
    message(FATAL_ERROR "the WebAssembly build needs the host's ${probe} (scripts/install-deps installs it)")
  endif()
  file(CREATE_LINK ${TARTAN_HOST_${library}_INCLUDE}/${library} ${host_headers}/${library} SYMBOLIC)
endforeach()

add_library(Boost::headers INTERFACE IMPORTED)
target_include_directories(Boost::headers INTERFACE ${host_headers})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${host_headers})
add_library(Threads::Threads INTERFACE IMPORTED)

# C++ exceptions as WebAssembly's own (every current browser runs them): smaller and faster than Emscripten's
# JavaScript ones. Every object must be compiled alike, so the options are the whole build's.
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)
# libc++ 14, Emscripten 3.1.6's, has no operator<=> for std::vector, so a defaulted <=> over one (tartan::move's) is
# deleted there and clang says so at each include; nothing the WebAssembly engine links orders moves.
add_compile_options(-Wno-defaulted-function-deleted)
