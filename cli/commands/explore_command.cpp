// tartan explore: the game explorer in the browser. Starts the local HTTP server (explorer/, explorer_server.hpp) that
// serves the embedded page and its JSON API, prints the address, optionally opens it in a browser, and serves until
// Ctrl-C, which stops it cleanly: the requests being answered finish, running verifications are cancelled, exit 0.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "commands/commands.hpp"
#include "input/options.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/explorer/explorer_server.hpp"

extern char** environ;

namespace tartan::cli {

namespace {

/// The port `tartan explore` listens on unless --port says otherwise.
constexpr int default_port = 8421;

struct explore_options {
  std::string port;
  std::string host = "127.0.0.1";
  bool open = false;
  std::string max_memory;
  std::string max_seconds;
};

/// Opens `url` in the desktop's browser with xdg-open, without waiting for it; false when it cannot be started.
bool open_in_browser(const std::string& url) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::string program = "xdg-open", argument = url;
  char* argv[] = {program.data(), argument.data(), nullptr};
  pid_t child = 0;
  const int failed = posix_spawnp(&child, "xdg-open", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (failed != 0) return false;
  // xdg-open hands the address to the browser and exits; reap it so that it leaves no zombie.
  std::thread([child] {
    int status = 0;
    waitpid(child, &status, 0);
  }).detach();
  return true;
}

void run_explore(const explore_options& o, std::uint64_t max_memory, double max_seconds) {
  explorer::server_options options;
  options.host = o.host;
  options.port = o.port.empty() ? default_port : static_cast<int>(parse_u64(o.port, "--port", 65535));
  options.limits.max_memory = max_memory;
  options.limits.max_seconds = max_seconds;
  if (options.host.empty()) throw parse_error("--host: empty; type an address such as 127.0.0.1, or leave --host out");
  if (!explorer::explorer_server::is_loopback(options.host)) {
    std::cerr << "warning: --host " << options.host
              << " serves the explorer to other machines that can reach this one, and anyone there can run "
                 "computations on it; leave out --host to serve this machine alone\n";
  }

  // Ctrl-C and SIGTERM are taken by one thread, which stops the server: blocked here before any thread starts, so
  // every thread inherits the mask and none is interrupted in the middle of a request.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigset_t previous;
  pthread_sigmask(SIG_BLOCK, &stop_signals, &previous);
  struct restore_mask {
    sigset_t mask;
    ~restore_mask() { pthread_sigmask(SIG_SETMASK, &mask, nullptr); }
  } restore{previous};

  explorer::explorer_server server(options);
  server.bind();
  std::atomic<bool> signalled{false};
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    signalled = true;
    server.stop();
  });
  std::cout << "tartan explore: the explorer is at " << server.url() << " (Ctrl-C stops it)" << std::endl;
  if (o.open && !open_in_browser(server.url())) {
    std::cerr << "could not start a browser (no xdg-open); open " << server.url() << " yourself\n";
  }
  server.run();
  // Stopped by a signal, the waiter is done; otherwise wake it with a signal of its own.
  if (!signalled) pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  std::cout << "tartan explore: stopped" << std::endl;
}

}  // namespace

void add_explore_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "explore", "Explore games in the browser: a local web page for positions, values, tables, play and checks.");
  sub->footer(
      "Starts a local HTTP server and prints its address; open it in a browser (or give --open). The page and its\n"
      "JSON API (POST /api/games, sequence, analyze, table, verify, play; docs/explorer.md) need no network.\n"
      "Every request is held to the limits below, as the commands are. Ctrl-C stops the server.\n"
      "Examples:\n"
      "  tartan explore                  (then open http://127.0.0.1:8421/)\n"
      "  tartan explore --port 0 --open  (any free port, opened in the desktop's browser)\n");
  auto o = std::make_shared<explore_options>();
  sub->add_option("--port", o->port, "The port to listen on (default 8421; 0: any free port)")->type_name("N");
  sub->add_option("--host", o->host,
                  "The address to listen on (default 127.0.0.1, this machine only; another address warns)")
      ->type_name("ADDRESS");
  sub->add_flag("--open", o->open, "Open the page in the desktop's browser (xdg-open)");
  add_max_memory_option(sub, o->max_memory, "Refuse requests whose tables need more memory");
  add_max_seconds_option(sub, o->max_seconds);
  sub->callback([o, sub, &state] {
    refuse_empty_values(*sub);
    run_explore(*o, max_memory_limit(*sub, o->max_memory), max_seconds_limit(*sub, o->max_seconds));
    state.exit_code = 0;
  });
}

}  // namespace tartan::cli
