// tartan running in the background, stopped with Ctrl-C (SIGINT) once what it printed shows that its computation
// is under way: the interrupt never races the clock. A delay chosen in advance does: on a loaded machine SIGINT can
// arrive before tartan has set its handler (the default action kills it and nothing is printed), and on a fast
// machine, or after a faster route, after the work has ended.
//
// Standard output is a pipe; standard error a pipe or, with error_stream::terminal, a pseudo-terminal in raw mode,
// where seq, check, verify and analyze draw their progress bar: the first bar is drawn from the engine's progress
// report, inside the command's interrupt scope, so it proves that the computation has begun and that SIGINT will be
// taken as a request to stop. The work after it must still be certainly long (sized so that no method could end it
// in time): the test then checks that tartan is still running when the interrupt is sent.
//
// Example:
//   background_tartan run({"verify", "ruler*ruler", "--size", "3000x3000"}, error_stream::terminal);
//   ASSERT_TRUE(run.wait_for(progress_bar_drawn("verifying")));
//   const cli_result r = run.interrupt();  // r.err without the bar's drawings
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "support/run_cli.hpp"

namespace tartan::test {

/// Where a background tartan's standard error goes.
enum class error_stream {
  pipe,      // not a terminal: no progress bar
  terminal,  // a pseudo-terminal: the progress bar is drawn
};

/// What a background tartan printed so far: standard output, and standard error as written (bar drawings included).
struct printed_so_far {
  const std::string& out;
  const std::string& err;
};

/// A condition on what was printed, for background_tartan::wait_for.
using print_condition = std::function<bool(const printed_so_far&)>;

/// The progress bar labelled `label` ("verifying", "checking", "computing", "computing the values") was drawn.
inline print_condition progress_bar_drawn(const std::string& label) {
  return [drawing = "\r" + label + " ["](const printed_so_far& p) { return p.err.find(drawing) != std::string::npos; };
}

/// At least `count` values were printed on standard output (text form: values separated by spaces).
inline print_condition values_printed(std::size_t count) {
  return [count](const printed_so_far& p) {
    std::size_t values = 0;
    for (std::size_t i = 0; i < p.out.size(); ++i) {
      values += p.out[i] != ' ' && p.out[i] != '\n' && (i == 0 || p.out[i - 1] == ' ' || p.out[i - 1] == '\n');
    }
    // The last one may be cut in the middle of its digits: count it only once the separator after it came.
    if (values > 0 && p.out.back() != ' ' && p.out.back() != '\n') --values;
    return values >= count;
  };
}

/// Standard error as a person reads it on the terminal: the progress bar's drawings ("\r" up to its "%") and
/// erasures ("\r\x1b[K") removed.
inline std::string without_progress_bar(const std::string& err) {
  std::string text;
  for (std::size_t i = 0; i < err.size();) {
    if (err[i] != '\r') {
      text += err[i++];
      continue;
    }
    if (err.compare(i, 4, "\r\x1b[K") == 0) {
      i += 4;
      continue;
    }
    const std::size_t percent = err.find('%', i);
    i = percent == std::string::npos ? err.size() : percent + 1;
  }
  return text;
}

/// tartan running in the background (see the top of this file). The destructor kills it if it still runs.
class background_tartan {
 public:
  /// How long waiting for output or for the exit may take before the test fails: a guard against a hang, far
  /// above any wait of a working run, even on a loaded machine.
  static constexpr std::chrono::seconds patience{120};

  explicit background_tartan(const std::vector<std::string>& args, error_stream err = error_stream::pipe)
      : terminal_(err == error_stream::terminal) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
    int err_read = -1, err_write = -1;
    if (terminal_) {
      termios raw{};
      ::cfmakeraw(&raw);  // no "\r\n" for "\n": the text arrives as written
      winsize size{};
      size.ws_row = 24;
      size.ws_col = 80;
      if (::openpty(&err_read, &err_write, nullptr, &raw, &size) != 0) throw std::runtime_error("openpty failed");
    } else {
      int e[2];
      if (::pipe(e) != 0) throw std::runtime_error("pipe failed");
      err_read = e[0];
      err_write = e[1];
    }
    std::vector<std::string> all{TARTAN_EXE};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      const int none = ::open("/dev/null", O_RDONLY);
      ::dup2(none, STDIN_FILENO);
      ::dup2(out[1], STDOUT_FILENO);
      ::dup2(err_write, STDERR_FILENO);
      for (const int fd : {none, out[0], out[1], err_read, err_write}) ::close(fd);
      ::execv(TARTAN_EXE, argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    ::close(err_write);
    out_fd_ = out[0];
    err_fd_ = err_read;
  }

  ~background_tartan() {
    if (!exited_) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
    if (out_fd_ >= 0) ::close(out_fd_);
    if (err_fd_ >= 0) ::close(err_fd_);
  }
  background_tartan(const background_tartan&) = delete;
  background_tartan& operator=(const background_tartan&) = delete;

  /// Reads what tartan prints until `ready` holds. False (and a test failure saying what was printed) when tartan
  /// closed its output first or `patience` passed.
  bool wait_for(const print_condition& ready) {
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (!ready(printed_so_far{out_, err_})) {
      if (out_fd_ < 0 && err_fd_ < 0) {
        ADD_FAILURE() << "tartan ended its output before the awaited text; it printed:\n"
                      << out_ << "\nand on standard error:\n"
                      << err_;
        return false;
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        ADD_FAILURE() << "the awaited text did not come within " << patience.count() << " s; tartan printed:\n"
                      << out_ << "\nand on standard error:\n"
                      << err_;
        return false;
      }
      read_some(std::chrono::milliseconds(200));
    }
    return true;
  }

  /// True while tartan has not exited.
  bool running() {
    if (exited_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) != pid_) return true;
    exited_ = true;
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return false;
  }

  /// Sends SIGINT, as Ctrl-C does, and waits for tartan to end (`patience`, then SIGKILL and a test failure).
  /// exit_code is its own exit code, or 128 + the signal when a signal ended it (then it did not stop cleanly);
  /// err is standard error without the progress bar.
  cli_result interrupt() {
    if (!exited_) ::kill(pid_, SIGINT);
    return finish();
  }

  /// Sends SIGKILL, which no handler sees (as a crash or `kill -9` ends a run), and waits for tartan to end.
  cli_result kill() { return kill_with(SIGKILL); }

  /// Sends `signal` (SIGKILL: a crash, nothing recorded after it) and waits for tartan to end, as interrupt() does.
  cli_result kill_with(int signal) {
    if (!exited_) ::kill(pid_, signal);
    return finish();
  }

  /// Waits for tartan to end without sending anything, as interrupt() does after its signal.
  cli_result finish() {
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while ((out_fd_ >= 0 || err_fd_ >= 0) && std::chrono::steady_clock::now() < deadline) {
      read_some(std::chrono::milliseconds(200));
    }
    while (running() && std::chrono::steady_clock::now() < deadline) ::usleep(2000);
    if (running()) {
      ADD_FAILURE() << "tartan did not exit within " << patience.count() << " s";
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
      exited_ = true;
    }
    cli_result r;
    r.exit_code = exit_code_;
    r.out = out_;
    r.err = terminal_ ? without_progress_bar(err_) : err_;
    return r;
  }

 private:
  /// Reads what is available on either stream, waiting up to `wait` for some; a stream at its end is closed (a
  /// pseudo-terminal says EIO once tartan has exited).
  void read_some(std::chrono::milliseconds wait) {
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    if (::poll(fds, 2, static_cast<int>(wait.count())) <= 0) return;
    std::pair<int*, std::string*> streams[2] = {{&out_fd_, &out_}, {&err_fd_, &err_}};
    for (int i = 0; i < 2; ++i) {
      if (*streams[i].first < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(*streams[i].first, buffer, sizeof buffer);
      if (n > 0) {
        streams[i].second->append(buffer, static_cast<std::size_t>(n));
      } else {
        ::close(*streams[i].first);
        *streams[i].first = -1;
      }
    }
  }

  bool terminal_;
  pid_t pid_ = -1;
  int out_fd_ = -1, err_fd_ = -1;
  std::string out_, err_;
  bool exited_ = false;
  int exit_code_ = -1;
};

/**
 * Runs `tartan args...`, sends it SIGINT once `ready` holds for what it printed, after checking that it still
 * runs (a test failure otherwise: the work was not long enough), and returns all it printed and its exit code.
 *
 * Example: run_tartan_interrupted_when({"seq", "1-4", "200000", "--max-seconds", "0"}, values_printed(101));
 */
inline cli_result run_tartan_interrupted_when(const std::vector<std::string>& args, const print_condition& ready,
                                              error_stream err = error_stream::pipe) {
  background_tartan run(args, err);
  if (!run.wait_for(ready)) return run.interrupt();
  EXPECT_TRUE(run.running()) << "tartan ended before the interrupt: its work must be certainly longer";
  return run.interrupt();
}

}  // namespace tartan::test
