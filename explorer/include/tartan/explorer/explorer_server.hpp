// explorer_server: the local HTTP server of `tartan explore`. It serves the explorer's page, embedded in the binary
// (web_assets.hpp), and the JSON API under /api/ (explorer_api.hpp), on a pool of threads so that requests are
// served side by side; a long verification runs as a job (verify_jobs.hpp) and holds no connection.
//
// Safety: it listens on 127.0.0.1 unless told otherwise; it serves the embedded files and nothing else of the
// machine; request bodies are size-limited (413 past max_body_bytes); the API takes POST with a JSON body only
// (Content-Type: application/json, which a page of another site cannot send without the browser asking first), and
// on a loopback address only requests whose Host is a loopback name (so a site cannot reach it by DNS rebinding);
// every refusal is {"error": "..."} with a 4xx status. cpp-httplib (Debian's libcpp-httplib-dev) does the HTTP;
// only explorer_server.cpp includes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "tartan/explorer/explorer_api.hpp"

namespace tartan::explorer {

struct server_options {
  std::string host = "127.0.0.1";
  int port = 0;  // 0: a free port, chosen by the system
  api_limits limits = {};
  /// The largest request body taken (1 MiB holds a drawn position of about a million coins).
  std::size_t max_body_bytes = std::size_t{1} << 20;
  /// Threads serving requests (connections beyond wait their turn).
  unsigned workers = 16;
};

/**
 * The server: bind() to the address, run() until stop(). A test starts one on a free loopback port in-process:
 *
 * Example:
 *   explorer_server server({});           // 127.0.0.1, a free port
 *   const int port = server.bind();
 *   std::thread serving([&] { server.run(); });
 *   ... requests to http://127.0.0.1:<port>/ ...
 *   server.stop(); serving.join();
 */
class explorer_server {
 public:
  explicit explorer_server(server_options options);
  ~explorer_server();
  explorer_server(const explorer_server&) = delete;
  explorer_server& operator=(const explorer_server&) = delete;

  /// Binds to the host and port of the options and returns the port. Throws error when the address cannot be
  /// bound (the port is in use, the host is not an address of this machine).
  int bind();

  /// Serves requests until stop(). @pre bind() succeeded
  void run();

  /// Stops serving: run() returns once the requests being answered are done. Safe from any thread.
  void stop();

  /// http://HOST:PORT/ @pre bind() succeeded
  std::string url() const;

  /// True when `host` is a loopback address or name (127.0.0.0/8, ::1, localhost).
  static bool is_loopback(const std::string& host);

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace tartan::explorer
