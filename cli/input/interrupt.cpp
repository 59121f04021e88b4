#include "input/interrupt.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

namespace tartan::cli {

namespace {

volatile std::sig_atomic_t interrupt_flag = 0;

// C linkage, as a signal handler should have; the name is unique across the program.
extern "C" void tartan_cli_on_sigint(int) { interrupt_flag = 1; }

}  // namespace

interrupt_scope::interrupt_scope() {
  interrupt_flag = 0;
  struct sigaction action {};
  action.sa_handler = tartan_cli_on_sigint;
  sigemptyset(&action.sa_mask);
  // One-shot: the handler reverts to the default on delivery, so a second Ctrl-C terminates at once.
  action.sa_flags = SA_RESETHAND;
  ::sigaction(SIGINT, &action, &previous_);
}

interrupt_scope::~interrupt_scope() { ::sigaction(SIGINT, &previous_, nullptr); }

bool interrupted() noexcept { return interrupt_flag != 0; }

progress_bar::progress_bar(std::string label) : label_(std::move(label)), enabled_(::isatty(STDERR_FILENO) != 0) {}

progress_bar::~progress_bar() { clear(); }

void progress_bar::show(double fraction) { show(fraction, ""); }

void progress_bar::show(double fraction, const std::string& doing) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  // A shorter bar when it says what it is doing, between the bar and the percentage (which ends every drawing, as
  // the tests that strip the bar expect), padded to one width so that each drawing covers the last, and cut to the
  // terminal's width so that \r redraws one line.
  const int width = doing.empty() ? 40 : 20;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int filled = static_cast<int>(fraction * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(width - filled), '.');
  std::string said;
  if (!doing.empty()) {
    winsize size{};
    const std::size_t columns = ::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : 80;
    const std::size_t used = label_.size() + static_cast<std::size_t>(width) + 12;  // " [", "] ", " ", "100.0%", 1
    const std::size_t room = columns > used ? columns - used : 0;
    said = doing.substr(0, std::min(room, doing.size()));
    said.resize(room, ' ');
    said += ' ';
  }
  std::fprintf(stderr, "\r%s [%s] %s%5.1f%%", label_.c_str(), bar.c_str(), said.c_str(), fraction * 100.0);
  std::fflush(stderr);
  shown_ = true;
}

void progress_bar::clear() {
  if (enabled_ && shown_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  shown_ = false;
}

}  // namespace tartan::cli
