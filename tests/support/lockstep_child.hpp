// lockstep_child: a child process that runs in lock step with the test, for tests that kill a computation (SIGKILL:
// no handler, no clean-up) at a point the test chooses. After each report the child waits for the test's word, so
// the test knows exactly how far the child got and the kill lands between two reports whatever the machine's speed.
//
//   test::lockstep_child child([&](test::lockstep_child::channel c) {
//     compute(..., [&] { c.report(&done, sizeof done); });   // blocks until the test says go on
//     ::_exit(0);
//   });
//   while (child.read_report(&done, sizeof done) && done < threshold) child.go_on();
//   EXPECT_TRUE(child.kill());   // died of SIGKILL
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <functional>
#include <stdexcept>

namespace tartan::test {

class lockstep_child {
 public:
  /// The child's end of the two pipes.
  struct channel {
    int reports = -1;
    int go_on = -1;
    /// Sends `size` bytes to the test and waits for its word; ends the child (_exit(1)) when the test has gone.
    void report(const void* data, std::size_t size) const {
      char word = 0;
      if (::write(reports, data, size) != static_cast<ssize_t>(size) || ::read(go_on, &word, 1) != 1) ::_exit(1);
    }
  };

  /// Forks a child running body(channel); the body must end the child with _exit (it never returns to the test).
  explicit lockstep_child(const std::function<void(channel)>& body) {
    int reports[2], go_on[2];
    if (::pipe(reports) != 0 || ::pipe(go_on) != 0) throw std::runtime_error("lockstep_child: pipe failed");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("lockstep_child: fork failed");
    if (pid_ == 0) {
      ::close(reports[0]);
      ::close(go_on[1]);
      body(channel{reports[1], go_on[0]});
      ::_exit(0);
    }
    ::close(reports[1]);
    ::close(go_on[0]);
    reports_ = reports[0];
    go_on_ = go_on[1];
  }

  lockstep_child(const lockstep_child&) = delete;
  lockstep_child& operator=(const lockstep_child&) = delete;

  ~lockstep_child() {
    if (pid_ > 0) kill();
    ::close(reports_);
    ::close(go_on_);
  }

  /// Reads the next report (`size` bytes); false when the child ended without sending it.
  bool read_report(void* data, std::size_t size) { return ::read(reports_, data, size) == static_cast<ssize_t>(size); }

  /// Lets the child go on after its report; false when it has gone.
  bool go_on() { return ::write(go_on_, "g", 1) == 1; }

  /// Kills the child with SIGKILL and reaps it: true when it died of that signal (it had not ended before).
  bool kill() {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
  }

 private:
  pid_t pid_ = -1;
  int reports_ = -1;
  int go_on_ = -1;
};

}  // namespace tartan::test
