#include "tartan/explorer/explorer_server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string_view>
#include <thread>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/limits.hpp"
#include "web_assets.hpp"

namespace tartan::explorer {

namespace {

/// The headers of every answer: the page may load only its own scripts and styles (and pictures it builds), may not
/// be framed by another site, and is never cached stale.
httplib::Headers security_headers() {
  return {
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
       "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"X-Frame-Options", "DENY"},
      {"Referrer-Policy", "no-referrer"},
      {"Cache-Control", "no-store"},
  };
}

void set_reply(httplib::Response& res, const api_reply& reply) {
  res.status = reply.status;
  res.set_content(reply.body, reply.content_type.c_str());
}

/// The host of a Host header, without its port: "127.0.0.1:8421" → "127.0.0.1", "[::1]:8421" → "::1".
std::string host_name(const std::string& header) {
  if (!header.empty() && header.front() == '[') {
    const std::size_t close = header.find(']');
    return close == std::string::npos ? header : header.substr(1, close - 1);
  }
  const std::size_t colon = header.find(':');
  return colon == std::string::npos ? header : header.substr(0, colon);
}

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

/// The message of an error status that the routes did not answer themselves (httplib's own refusals).
std::string status_message(int status, std::size_t max_body) {
  switch (status) {
    case 400:
      return "the request is not well-formed HTTP";
    case 404:
      return "nothing here; the explorer is at /";
    case 413:
      return "the request body is over the limit of " + format_bytes(max_body) +
             "; send a smaller request (a long row as \"coins\" and \"heads\" ranges rather than drawn)";
    case 414:
      return "the request's address is too long";
    default:
      return "the request was refused (HTTP " + std::to_string(status) + ")";
  }
}

}  // namespace

struct explorer_server::impl {
  explicit impl(server_options o) : options(std::move(o)), api(options.limits) {}

  server_options options;
  explorer_api api;
  httplib::Server http;
  int port = -1;
  int listening_socket = -1;          // the socket httplib binds, seen by its socket-options hook
  std::atomic<bool> running{false};   // run() has been entered and not left
  std::atomic<bool> stopping{false};  // stop() was called
};

bool explorer_server::is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0 || host.ends_with(".localhost");
}

explorer_server::explorer_server(server_options options) : impl_(std::make_unique<impl>(std::move(options))) {
  impl& self = *impl_;
  httplib::Server& http = self.http;
  const unsigned workers = std::max(2u, self.options.workers);
  http.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
  http.set_payload_max_length(self.options.max_body_bytes);
  // SO_REUSEADDR only: a restarted explorer may take its port back at once, but a second one is refused the port
  // of a running one (httplib's default, SO_REUSEPORT, would let both listen and share its requests).
  http.set_socket_options([&self](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    self.listening_socket = sock;
  });
  http.set_tcp_nodelay(true);  // small answers on kept-alive connections: no wait for the delayed ACK
  http.set_keep_alive_max_count(100);
  http.set_keep_alive_timeout(5);
  http.set_read_timeout(10);
  http.set_write_timeout(10);
  http.set_default_headers(security_headers());

  // On a loopback address, only a loopback Host: a page of another site that has its name resolve to 127.0.0.1
  // (DNS rebinding) sends its own name, and is refused.
  const bool loopback = is_loopback(self.options.host);
  http.set_pre_routing_handler([loopback](const httplib::Request& req, httplib::Response& res) {
    if (!loopback || !req.has_header("Host") || is_loopback(host_name(req.get_header_value("Host")))) {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    set_reply(res, error_reply(403, "this explorer answers requests addressed to 127.0.0.1 or localhost only"));
    return httplib::Server::HandlerResponse::Handled;
  });

  http.Post(R"(/api/(.+))", [&self](const httplib::Request& req, httplib::Response& res) {
    if (!starts_with_ignoring_case(req.get_header_value("Content-Type"), "application/json")) {
      set_reply(res, error_reply(415, "send the request body as JSON, with the header Content-Type: application/json"));
      return;
    }
    set_reply(res, self.api.handle(req.matches[1].str(), req.body));
  });
  http.Get(R"(/api/.*)", [](const httplib::Request& req, httplib::Response& res) {
    set_reply(res, error_reply(405, req.path +
                                        " answers POST requests with a JSON body, e.g. curl -d '{}' -H "
                                        "'Content-Type: application/json' http://HOST:PORT" +
                                        req.path));
  });
  // The embedded page, and nothing else: no file of the machine is ever read.
  http.Get(R"(.*)", [](const httplib::Request& req, httplib::Response& res) {
    const std::string path = req.path == "/" ? "/index.html" : req.path;
    for (const web_asset& asset : web_assets()) {
      if (asset.path == path) {
        res.set_content(std::string(asset.body), std::string(asset.content_type).c_str());
        return;
      }
    }
    set_reply(res, error_reply(404, "no page " + nlohmann::json(req.path).dump() + " here; the explorer is at /"));
  });
  http.Post(R"(.*)", [](const httplib::Request& req, httplib::Response& res) {
    set_reply(res, error_reply(404, "no endpoint " + nlohmann::json(req.path).dump() + "; the endpoints are /api/" +
                                        explorer_api::endpoint_list()));
  });
  const auto not_allowed = [](const httplib::Request& req, httplib::Response& res) {
    set_reply(res, error_reply(405, req.method + " is not served; the page is GET /, the API POST /api/..."));
  };
  http.Put(R"(.*)", not_allowed);
  http.Patch(R"(.*)", not_allowed);
  http.Delete(R"(.*)", not_allowed);
  http.Options(R"(.*)", not_allowed);

  // httplib's own refusals (a body over the limit, a malformed request) get a JSON message too.
  const std::size_t max_body = self.options.max_body_bytes;
  http.set_error_handler(
      httplib::Server::HandlerWithResponse([max_body](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
        set_reply(res, error_reply(res.status, status_message(res.status, max_body)));
        return httplib::Server::HandlerResponse::Handled;
      }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr failure) {
    std::string what = "unknown";
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    set_reply(res, error_reply(500, "unexpected failure: " + what + "; please report the request"));
  });
}

explorer_server::~explorer_server() { stop(); }

int explorer_server::bind() {
  impl& self = *impl_;
  const int port = self.options.port == 0 ? self.http.bind_to_any_port(self.options.host)
                   : self.http.bind_to_port(self.options.host, self.options.port) ? self.options.port
                                                                                  : -1;
  if (port < 0) {
    throw error("cannot listen on " + self.options.host + ":" + std::to_string(self.options.port) +
                ": the port is in use or not allowed, or the host is not an address of this machine; give another "
                "port with --port N (0 picks a free one), or another --host");
  }
  // Debian's cpp-httplib 0.11 listens with a backlog of 5 (compiled into the library): a burst of new connections,
  // say 50 clients whose kept-alive connections reach their 100 requests together, then overflows the kernel's queue
  // and a connection is dropped. Listening again on the bound socket sets the system's largest backlog.
  if (self.listening_socket >= 0) ::listen(self.listening_socket, SOMAXCONN);
  self.port = port;
  return port;
}

void explorer_server::run() {
  impl& self = *impl_;
  self.running = true;
  if (!self.stopping) self.http.listen_after_bind();
  self.running = false;
}

void explorer_server::stop() {
  impl& self = *impl_;
  self.stopping = true;
  // run() may be between its start and httplib's loop: wait for the loop, which stop() can end.
  while (self.running && !self.http.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  self.http.stop();
}

std::string explorer_server::url() const {
  const std::string& host = impl_->options.host;
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(impl_->port) + "/";
}

}  // namespace tartan::explorer
