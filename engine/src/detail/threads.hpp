// Whether this build of the engine can start threads. The static explorer's WebAssembly engine (Emscripten without
// -pthread: cmake/web_dependencies.cmake says why) cannot, as std::thread's constructor fails there; the places that
// start threads of their own whatever the thread count asked (a verification's workers, a sum's factor sequences)
// then do the work on the calling thread, with the same results, progress and limits. Internal to the engine.
#pragma once

namespace tartan::detail {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool can_start_threads = false;
#else
inline constexpr bool can_start_threads = true;
#endif

}  // namespace tartan::detail
