#include "input/interrupt.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
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

void progress_bar::show(double fraction) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  constexpr int width = 40;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int filled = static_cast<int>(fraction * width);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(width - filled), '.');
  std::fprintf(stderr, "\r%s [%s] %5.1f%%", label_.c_str(), bar.c_str(), fraction * 100.0);
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
