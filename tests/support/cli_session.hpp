// tartan running as a conversation: a test writes lines and reads what tartan answers, through pipes (standard input
// is not a terminal) or through a pseudo-terminal (forkpty: standard input and output are a terminal, as when a
// person types).
#pragma once

#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tartan::test {

namespace detail {

inline std::vector<char*> argv_of(std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

}  // namespace detail

/// What a session read, and whether tartan was still running (it ended: end of its output).
struct session_read {
  std::string text;
  bool ended = false;
};

/// The reading end of a session: waits for output up to a deadline.
class session_reader {
 public:
  /// Reads until `done(everything read so far)` holds, tartan's output ends, or 30 s pass (a test failure).
  template <class Done>
  session_read read_until(Done done) {
    session_read r;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      if (done(r.text)) return r;
      pollfd p{from_, POLLIN, 0};
      if (::poll(&p, 1, 200) <= 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(from_, buffer, sizeof buffer);
      if (n <= 0) {  // tartan exited (a pseudo-terminal says EIO)
        r.ended = true;
        return r;
      }
      r.text.append(buffer, static_cast<std::size_t>(n));
    }
    ADD_FAILURE() << "tartan did not answer within 30 s; it printed:\n" << r.text;
    return r;
  }

  /// Everything printed until tartan waits for a line (its output ends with the prompt "> ") or exits.
  std::string read_until_prompt() {
    return read_until([](const std::string& s) { return s.size() >= 3 && s.compare(s.size() - 3, 3, "\n> ") == 0; })
        .text;
  }

 protected:
  int from_ = -1;
};

/// tartan with pipes on both ends.
class cli_session : public session_reader {
 public:
  explicit cli_session(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> all{TARTAN_EXE};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv = detail::argv_of(all);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[0]);
      ::close(in[1]);
      ::close(out[0]);
      ::close(out[1]);
      ::execv(TARTAN_EXE, argv.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~cli_session() {
    if (to_ >= 0) ::close(to_);
    ::close(from_);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  cli_session(const cli_session&) = delete;
  cli_session& operator=(const cli_session&) = delete;

  void send(const std::string& line) {
    const std::string text = line + "\n";
    if (::write(to_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) ADD_FAILURE() << "write failed";
  }

  /// Closes tartan's standard input: the end of the input.
  void close_input() {
    ::close(to_);
    to_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1;
};

/// tartan on a pseudo-terminal of 80 columns, with `environment` (NAME=value) added to its environment.
class pty_session : public session_reader {
 public:
  pty_session(const std::vector<std::string>& args, const std::vector<std::string>& environment) {
    std::vector<std::string> all{TARTAN_EXE};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv = detail::argv_of(all);
    winsize size{};
    size.ws_row = 24;
    size.ws_col = 80;
    pid_ = ::forkpty(&from_, nullptr, nullptr, &size);
    if (pid_ < 0) throw std::runtime_error("forkpty failed");
    if (pid_ == 0) {
      for (const std::string& setting : environment) ::putenv(const_cast<char*>(setting.c_str()));
      ::execv(TARTAN_EXE, argv.data());
      ::_exit(127);
    }
  }
  ~pty_session() {
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
    ::close(from_);
  }
  pty_session(const pty_session&) = delete;
  pty_session& operator=(const pty_session&) = delete;

  /// Sends bytes as keys typed: "hint\r" is the word and the Enter key, "\x1b[A" the up arrow.
  void type(const std::string& keys) {
    if (::write(from_, keys.data(), keys.size()) != static_cast<ssize_t>(keys.size())) ADD_FAILURE() << "write failed";
  }

  /// Waits until the line editor has the terminal in its own mode (ICANON off), up to 30 s. The editor prints its
  /// prompt before it leaves the canonical mode, and a control key typed in between is taken by the terminal's line
  /// discipline instead (Ctrl-D there becomes an end-of-file mark that is lost when the mode changes). On Linux the
  /// master side of a pseudo-terminal reports the modes of its slave side.
  void wait_for_line_editor() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::chrono::steady_clock::now() < deadline) {
      termios modes{};
      if (::tcgetattr(from_, &modes) == 0 && (modes.c_lflag & ICANON) == 0) return;
      ::usleep(2000);
    }
    ADD_FAILURE() << "the terminal stayed in canonical mode for 30 s";
  }

  /// Waits for tartan to exit, up to 30 s, and gives its exit code (128 + the signal when one ended it). A tartan
  /// still running then is killed, and the test fails.
  int wait_exit() {
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (::waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        ADD_FAILURE() << "tartan did not exit within 30 s";
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        break;
      }
      ::usleep(2000);
    }
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  pid_t pid_ = -1;
  bool exited_ = false;
};

}  // namespace tartan::test
