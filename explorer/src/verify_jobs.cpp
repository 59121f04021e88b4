#include "tartan/explorer/verify_jobs.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <new>
#include <utility>
#include <vector>

#include "tartan/present/svg.hpp"

namespace tartan::explorer {

using namespace present;  // svg: the pictures of finished verifications

namespace {

/// Mismatches listed at most for a picture (all are counted); each listed mismatch holds its cell in memory.
constexpr std::size_t max_drawn_mismatches = std::size_t{1} << 20;

}  // namespace

const char* job_state_name(job_state state) {
  switch (state) {
    case job_state::running:
      return "running";
    case job_state::done:
      return "done";
    case job_state::cancelled:
      return "cancelled";
    case job_state::stopped:
      return "stopped";
    case job_state::failed:
      return "failed";
  }
  return "failed";
}

struct verify_jobs::job {
  std::string id;
  std::atomic<double> progress{0};
  std::atomic<bool> cancel{false};
  std::atomic<bool> timed_out{false};
  std::atomic<bool> progressed{false};  // its first progress report came: it passed its checks
  bool drawable = false;
  std::size_t listed = 10;
  // Guarded by verify_jobs::mutex_:
  job_state state = job_state::running;
  std::optional<verify_report> report;
  std::string error;
  bool limit = false;
  std::exception_ptr failure;
  std::thread thread;
};

verify_jobs::verify_jobs(std::size_t max_running, std::size_t max_kept, double max_seconds, std::string raise_seconds,
                         job_observer inline_observer)
    : max_running_(max_running),
      max_kept_(max_kept),
      max_seconds_(max_seconds),
      raise_seconds_(std::move(raise_seconds)),
      inline_observer_(std::move(inline_observer)) {}

verify_jobs::~verify_jobs() {
  std::vector<std::shared_ptr<job>> all;
  {
    std::lock_guard lock(mutex_);
    all.assign(jobs_.begin(), jobs_.end());
  }
  for (const auto& j : all) j->cancel = true;
  for (const auto& j : all) {
    if (j->thread.joinable()) j->thread.join();
  }
}

std::string verify_jobs::start(const tartan_game& game, const box_extents& extents, verify_options options,
                               std::size_t listed, std::chrono::milliseconds settle) {
  std::unique_lock lock(mutex_);
  reap();
  const std::size_t computing = static_cast<std::size_t>(
      std::count_if(jobs_.begin(), jobs_.end(), [](const auto& j) { return j->state == job_state::running; }));
  if (computing >= max_running_) {
    throw busy_error(std::to_string(computing) + (computing == 1 ? " verification is" : " verifications are") +
                     " running already, the most at once; wait for one to end or cancel it, then start again");
  }
  auto j = std::make_shared<job>();
  j->id = std::to_string(next_id_++);
  j->listed = listed;
  j->drawable = svg::fits(extents);
  // A picture marks every mismatch, so more are listed than the report shows (as verify --svg does).
  options.listed_mismatches =
      j->drawable ? std::max<std::size_t>(listed, std::min<std::uint64_t>(cell_count(extents), max_drawn_mismatches))
                  : listed;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(max_seconds_);
  const bool timed = max_seconds_ > 0;
  job* self = j.get();
  options.progress = [this, self, deadline, timed](double fraction) {
    self->progress = fraction;
    if (!self->progressed.exchange(true)) {
      std::lock_guard first(mutex_);
      ended_.notify_all();
    }
    if (inline_observer_) {
      std::unique_lock now(mutex_);
      const job_snapshot shown = snapshot(*self);
      now.unlock();
      if (!inline_observer_(shown)) self->cancel = true;
    }
    if (self->cancel) return false;
    if (timed && std::chrono::steady_clock::now() > deadline) {
      self->timed_out = true;
      return false;
    }
    return true;
  };
  jobs_.push_back(j);
  if (inline_observer_) {
    lock.unlock();
    run(*self, game, extents, options);
    lock.lock();
  } else {
    j->thread = std::thread([this, self, game, extents, options] { run(*self, game, extents, options); });
    ended_.wait_for(lock, settle, [&] { return j->state != job_state::running || j->progressed; });
  }
  if (j->state == job_state::failed && j->failure && !j->progressed) {
    // Refused at its checks: the refusal is the answer to the start, and the job is forgotten.
    if (j->thread.joinable()) j->thread.join();
    jobs_.erase(std::find(jobs_.begin(), jobs_.end(), j));
    std::rethrow_exception(j->failure);
  }
  return j->id;
}

void verify_jobs::run(job& j, const tartan_game& game, const box_extents& extents, const verify_options& options) {
  std::optional<verify_report> report;
  std::string failure;
  bool limit = false;
  std::exception_ptr caught;
  try {
    report = verify_product(game, extents, options);
  } catch (const limit_error& e) {
    failure = e.what();
    limit = true;
    caught = std::current_exception();
  } catch (const overflow_error& e) {
    failure = e.what();
    limit = true;
    caught = std::current_exception();
  } catch (const std::bad_alloc&) {
    failure = "out of memory; try a smaller size";
    limit = true;
    caught = std::current_exception();
  } catch (const std::exception& e) {
    failure = e.what();
    caught = std::current_exception();
  }
  std::lock_guard done(mutex_);
  j.failure = caught;
  if (report) {
    // Stopped by the time limit: the job's own wall clock, or the verification's projection of its pace.
    const bool timed_out = j.timed_out || report->stopped == search_end::time_limit;
    j.state = report->complete ? job_state::done : timed_out ? job_state::stopped : job_state::cancelled;
    if (report->complete) j.progress = 1;
    j.report = std::move(report);
  } else {
    j.state = job_state::failed;
    j.error = std::move(failure);
    j.limit = limit;
  }
  ended_.notify_all();
}

std::optional<job_snapshot> verify_jobs::read(const std::string& id) {
  std::lock_guard lock(mutex_);
  reap();
  for (const auto& j : jobs_) {
    if (j->id == id) return snapshot(*j);
  }
  return std::nullopt;
}

job_snapshot verify_jobs::snapshot(const job& j) const {
  job_snapshot s;
  s.id = j.id;
  s.state = j.state;
  s.progress = j.progress;
  s.report = j.report;
  s.error = j.error;
  s.limit = j.limit;
  s.drawable = j.drawable;
  s.listed = j.listed;
  if (j.state == job_state::cancelled) s.stopped = "cancelled";
  if (j.state == job_state::stopped) {
    const std::string why =
        j.report && !j.report->where.empty()
            ? j.report->where
            : "stopped at the time limit of " + std::to_string(static_cast<long long>(max_seconds_)) + " s";
    s.stopped = why + "; the cells computed by then are checked (to verify the whole box, " + raise_seconds_ +
                " above " + std::to_string(static_cast<long long>(std::ceil(max_seconds_))) + ")";
  }
  return s;
}

bool verify_jobs::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  for (const auto& j : jobs_) {
    if (j->id == id) {
      j->cancel = true;
      return true;
    }
  }
  return false;
}

bool verify_jobs::wait(const std::string& id, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return ended_.wait_for(lock, timeout, [&] {
    for (const auto& j : jobs_) {
      if (j->id == id) return j->state != job_state::running;
    }
    return true;
  });
}

std::size_t verify_jobs::running() {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(jobs_.begin(), jobs_.end(), [](const auto& j) { return j->state == job_state::running; }));
}

void verify_jobs::reap() {
  std::size_t ended = 0;
  for (const auto& j : jobs_) {
    if (j->state == job_state::running) continue;
    ++ended;
    // The thread has set the state, its last step: joining returns at once.
    if (j->thread.joinable()) j->thread.join();
  }
  for (auto it = jobs_.begin(); ended > max_kept_ && it != jobs_.end();) {
    if ((*it)->state != job_state::running) {
      it = jobs_.erase(it);
      --ended;
    } else {
      ++it;
    }
  }
}

}  // namespace tartan::explorer
