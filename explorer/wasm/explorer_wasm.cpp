// The static explorer's engine: explorer_api compiled to WebAssembly (scripts/build-web, docs/explorer.md). The page's
// Web Worker (engine_worker.js) calls tartan_handle with an endpoint and a request body, exactly as the server calls
// explorer_api::handle for POST /api/<endpoint>, and reads the reply back: the page sends the same JSON and gets the
// same answers, with no server behind it.
//
// There are no threads here (cmake/web_dependencies.cmake says why), so a verification runs inline, in the worker
// that received /api/verify: at each of its progress points the worker is shown the job's status JSON (Module.onJob,
// which passes it to the page and answers whether the page has cancelled it).
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "tartan/explorer/explorer_api.hpp"

namespace {

// The page's hook, set by engine_worker.js: true to go on, false to cancel the verification.
EM_JS(int, watch_job, (const char* job_json), { return Module["onJob"](UTF8ToString(job_json)) ? 1 : 0; });

tartan::explorer::api_limits web_limits() {
  // The limits of `tartan explore` by default (60 s), with the memory limit half of the most the WebAssembly memory
  // may grow to (-sMAXIMUM_MEMORY=2GB, explorer/wasm/CMakeLists.txt), as the server's is half the machine's.
  // Its limits are fixed, so a refusal points to the explorer a user can start with larger ones.
  tartan::explorer::api_limits limits;
  limits.max_memory = std::uint64_t{1} << 30;
  limits.raise_memory = "run tartan explore on your machine with --max-memory";
  limits.raise_seconds = "run tartan explore on your machine with --max-seconds";
  return limits;
}

tartan::explorer::explorer_api& api() {
  static tartan::explorer::explorer_api instance(
      web_limits(), [](const std::string& job_json) { return watch_job(job_json.c_str()) != 0; });
  return instance;
}

tartan::explorer::api_reply last;  // the latest reply, read by the accessors below

}  // namespace

extern "C" {

/// Answers `body` (UTF-8, `size` bytes) to /api/`endpoint`; the reply is read with the accessors below.
EMSCRIPTEN_KEEPALIVE void tartan_handle(const char* endpoint, const char* body, std::size_t size) {
  last = api().handle(endpoint, std::string_view(body, size));
}

EMSCRIPTEN_KEEPALIVE int tartan_reply_status() { return last.status; }

EMSCRIPTEN_KEEPALIVE const char* tartan_reply_content_type() { return last.content_type.c_str(); }

EMSCRIPTEN_KEEPALIVE const char* tartan_reply_body() { return last.body.data(); }

EMSCRIPTEN_KEEPALIVE std::size_t tartan_reply_size() { return last.body.size(); }

}  // extern "C"
