#include "tartan/core/search_stop.hpp"

#include <chrono>

namespace tartan {

namespace {
thread_local search_stop* current = nullptr;
}  // namespace

search_options search_options::within(double seconds) {
  search_options options;
  if (seconds > 0) {
    options.deadline =
        clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(seconds));
  }
  return options;
}

search_stop::search_stop(const search_options& options, std::uint64_t total) : options_(options), total_(total) {}

bool search_stop::next_coin(std::uint64_t index) {
  if (end_ != search_end::complete) return false;
  index_ = index;
  polls_ = 0;
  return check();
}

bool search_stop::check() {
  if (!options_.deadline && !options_.progress) return true;
  const clock::time_point now = clock::now();
  if (options_.deadline && now >= *options_.deadline) {
    end_ = search_end::time_limit;
    return false;
  }
  if (options_.progress && (!last_report_ || now - *last_report_ >= options_.report_interval)) {
    last_report_ = now;
    const double fraction = total_ == 0 ? 1.0 : static_cast<double>(index_) / static_cast<double>(total_);
    if (!options_.progress(fraction)) {
      end_ = search_end::cancelled;
      return false;
    }
  }
  return true;
}

namespace detail {

search_stop* current_search() noexcept { return current; }

search_scope::search_scope(search_stop* stop) noexcept : previous_(current) {
  if (stop != nullptr) current = stop;
}

search_scope::~search_scope() { current = previous_; }

}  // namespace detail

}  // namespace tartan
