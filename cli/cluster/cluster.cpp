// Tasks on the threads and ranks of a cluster run (cluster.hpp), over cluster_transport.hpp.
//
// Messages (tags of cluster_transport.hpp): a worker opens with HELLO "pid host", then READY "slot" once per compute
// slot; rank 0 answers ASSIGN "slot index" or STOP; the worker sends RESULT "slot index\n<result text>" when the task
// is done (which also asks for the next one) and HEARTBEAT every heartbeat interval while any slot computes. Compute
// threads hand their results over to the thread that talks to the other ranks through a mutex. Rank 0 waits for
// messages by probing every couple of milliseconds rather than in a blocking receive, which Open MPI implements by
// spinning on a core the workers need.
#include "cluster/cluster.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "cluster/cluster_transport.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan::cli {

namespace {

/// How many times a task is handed out before it is recorded as abandoned.
constexpr int max_attempts = 3;

using clock_type = std::chrono::steady_clock;

void pause() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

double heartbeat_seconds(const cluster_settings& settings) { return std::min(1.0, settings.worker_timeout / 4); }

/// Compute threads fed one task at a time each, their results collected for the thread that talks to the ranks.
class compute_slots {
 public:
  compute_slots(const cluster_tasks& tasks, unsigned count, std::function<bool()> keep_going)
      : tasks_(tasks), keep_going_(std::move(keep_going)), jobs_(count) {
    for (unsigned s = 0; s < count; ++s) threads_.emplace_back([this, s] { run(s); });
  }

  ~compute_slots() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
    }
    wake_.notify_all();
    threads_.clear();  // joins
  }

  unsigned count() const { return static_cast<unsigned>(jobs_.size()); }

  /// Starts task `index` on slot s. @pre the slot is free
  void start(unsigned s, std::size_t index) {
    {
      const std::lock_guard lock(mutex_);
      jobs_[s] = index;
    }
    wake_.notify_all();
  }

  /// The results finished since the last call: (slot, task, result or nullopt when cancelled).
  struct finished_task {
    unsigned slot = 0;
    std::size_t index = 0;
    std::optional<std::string> result;
  };
  std::vector<finished_task> finished() {
    const std::lock_guard lock(mutex_);
    return std::exchange(done_, {});
  }

 private:
  void run(unsigned s) {
    for (;;) {
      std::size_t index = 0;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return closing_ || jobs_[s].has_value(); });
        if (closing_) return;
        index = *jobs_[s];
      }
      std::optional<std::string> result = tasks_.compute(index, keep_going_);
      const std::lock_guard lock(mutex_);
      jobs_[s].reset();
      done_.push_back({s, index, std::move(result)});
    }
  }

  const cluster_tasks& tasks_;
  std::function<bool()> keep_going_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool closing_ = false;
  std::vector<std::optional<std::size_t>> jobs_;
  std::vector<finished_task> done_;
  std::vector<std::jthread> threads_;
};

}  // namespace

bool on_cluster(const std::string& what) { return transport::start(what); }

bool is_coordinator() { return transport::rank() == 0; }

void release_workers() {
  // Without waiting on a rank that may be gone; when one was lost, every rank ends without MPI_Finalize.
  const std::string text = transport::finalize_skipped() ? "lost" : "";
  for (int r = 1; r < transport::size(); ++r) transport::send_detached(r, transport::stop, text);
}

void cluster_work(const cluster_tasks& tasks, unsigned threads, const cluster_settings& settings) {
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  transport::send(0, transport::hello, std::to_string(::getpid()) + " " + host);
  std::atomic<bool> released{false};
  compute_slots slots(tasks, std::max(1u, threads), [&] { return !released.load(); });
  for (unsigned s = 0; s < slots.count(); ++s) transport::send(0, transport::ready, std::to_string(s));
  const auto beat = std::chrono::duration<double>(heartbeat_seconds(settings));
  auto last_beat = clock_type::now();
  for (;;) {
    bool idle = true;
    for (auto& f : slots.finished()) {
      idle = false;
      if (f.result)
        transport::send(0, transport::result,
                        std::to_string(f.slot) + " " + std::to_string(f.index) + "\n" + *f.result);
    }
    if (std::optional<transport::message> m = transport::poll()) {
      idle = false;
      if (m->tag == transport::stop) {
        released = true;  // a task still computing stops at its next poll; the slots' destructor waits for it
        if (m->text == "lost") transport::skip_finalize();
        return;
      }
      if (m->tag == transport::assign) {
        std::istringstream in(m->text);
        unsigned s = 0;
        std::size_t index = 0;
        in >> s >> index;
        slots.start(s, index);
      }
    }
    if (clock_type::now() - last_beat >= beat) {
      transport::send(0, transport::heartbeat, "");
      last_beat = clock_type::now();
    }
    if (idle) pause();
  }
}

bool cluster_coordinate(const cluster_tasks& tasks, std::span<const std::size_t> done, unsigned threads,
                        const cluster_settings& settings, const std::function<void(std::size_t, std::string&&)>& record,
                        const std::function<bool()>& keep_going) {
  const int size = transport::size();
  if (size == 1) threads = std::max(1u, threads);  // alone, rank 0 computes
  std::vector<bool> recorded(tasks.count, false);
  for (const std::size_t i : done) recorded[i] = true;
  std::deque<std::size_t> pending;
  for (std::size_t i = 0; i < tasks.count; ++i) {
    if (!recorded[i]) pending.push_back(i);
  }
  std::size_t left = pending.size();
  std::vector<int> attempts(tasks.count, 0);
  struct worker {
    std::string who = "?";  // "pid P on HOST"
    clock_type::time_point heard = clock_type::now();
    bool lost = false;
    std::map<unsigned, std::size_t> computing;  // slot -> task
    std::set<unsigned> waiting;                 // slots asking for a task
  };
  std::vector<worker> workers(static_cast<std::size_t>(size));
  std::atomic<bool> stopping{false};
  compute_slots local(tasks, threads, [&] { return !stopping.load(); });
  // Leaving by an exception (record could not write the journal) stops the tasks computing here before the slots'
  // destructor waits for them.
  struct stop_on_exit {
    std::atomic<bool>& stopping;
    ~stop_on_exit() { stopping = true; }
  } const stop_guard{stopping};
  std::vector<bool> local_busy(threads, false);
  const auto timeout = std::chrono::duration<double>(settings.worker_timeout);
  const auto say = [&](const std::string& text) { std::cerr << text << '\n' << std::flush; };
  const auto next_task = [&]() -> std::optional<std::size_t> {
    while (!pending.empty()) {
      const std::size_t i = pending.front();
      pending.pop_front();
      if (!recorded[i]) return i;
    }
    return std::nullopt;
  };
  const auto accept = [&](std::size_t i, std::string&& result) {
    if (recorded[i]) return;  // computed twice (a worker taken for lost came back): recorded once
    recorded[i] = true;
    --left;
    record(i, std::move(result));
  };
  bool interrupted = false;
  while (left > 0) {
    if (!interrupted && keep_going && !keep_going()) {
      interrupted = true;
      stopping = true;
      break;
    }
    bool idle = true;
    // Results of rank 0's own threads, and new tasks for them.
    for (auto& f : local.finished()) {
      idle = false;
      local_busy[f.slot] = false;
      if (f.result) accept(f.index, std::move(*f.result));
    }
    for (unsigned s = 0; s < threads && left > 0; ++s) {
      if (local_busy[s]) continue;
      const std::optional<std::size_t> i = next_task();
      if (!i) break;
      ++attempts[*i];
      local_busy[s] = true;
      local.start(s, *i);
      if (settings.verbose && size > 1) say(tasks.name(*i) + " -> rank 0");
    }
    // Messages from the workers.
    while (std::optional<transport::message> m = transport::poll()) {
      idle = false;
      worker& w = workers[static_cast<std::size_t>(m->from)];
      w.heard = clock_type::now();
      if (w.lost) {
        w.lost = false;
        say("rank " + std::to_string(m->from) + " (" + w.who + ") answered again: taken back");
      }
      if (m->tag == transport::hello) {
        const std::size_t space = m->text.find(' ');
        w.who = "pid " + m->text.substr(0, space) + " on " + m->text.substr(space + 1);
      } else if (m->tag == transport::ready) {
        w.waiting.insert(static_cast<unsigned>(std::stoul(m->text)));
      } else if (m->tag == transport::result) {
        const std::size_t newline = m->text.find('\n');
        std::istringstream head(m->text.substr(0, newline));
        unsigned s = 0;
        std::size_t i = 0;
        head >> s >> i;
        w.computing.erase(s);
        w.waiting.insert(s);
        if (i < tasks.count) accept(i, m->text.substr(newline + 1));
      }
    }
    // Workers silent too long while computing: lost, their tasks handed out again (first in line).
    const auto now = clock_type::now();
    for (int r = 1; r < size; ++r) {
      worker& w = workers[static_cast<std::size_t>(r)];
      if (w.lost || w.computing.empty() || now - w.heard < timeout) continue;
      w.lost = true;
      transport::skip_finalize();  // MPI_Finalize would wait for it
      for (const auto& [s, i] : w.computing) {
        std::string text = "rank " + std::to_string(r) + " (" + w.who + ") sent nothing for " +
                           format_seconds(settings.worker_timeout) + " while computing " + tasks.name(i) +
                           ": taken for lost; ";
        if (recorded[i]) {
          text += "the " + tasks.kind + " is recorded already";
        } else if (attempts[i] >= max_attempts) {
          text += "recorded as stopped after " + std::to_string(attempts[i]) + " attempts";
          accept(i, tasks.abandoned(i, "the workers computing it were lost " + std::to_string(attempts[i]) + " times"));
        } else {
          pending.push_front(i);
          text += "the " + tasks.kind + " is handed out again";
        }
        say(text);
      }
      w.computing.clear();
      w.waiting.clear();
    }
    // Tasks for the workers waiting.
    for (int r = 1; r < size && left > 0; ++r) {
      worker& w = workers[static_cast<std::size_t>(r)];
      if (w.lost) continue;
      while (!w.waiting.empty()) {
        const std::optional<std::size_t> i = next_task();
        if (!i) break;
        const unsigned s = *w.waiting.begin();
        w.waiting.erase(w.waiting.begin());
        w.computing[s] = *i;
        ++attempts[*i];
        if (w.computing.size() == 1) w.heard = clock_type::now();  // its silence counts from now
        transport::send(r, transport::assign, std::to_string(s) + " " + std::to_string(*i));
        if (settings.verbose) say(tasks.name(*i) + " -> rank " + std::to_string(r) + " (" + w.who + ")");
      }
    }
    if (idle) pause();
  }
  stopping = true;
  // Release the workers: each gets its stop; results still on their way are not waited for. With a rank lost, none
  // finalizes MPI.
  const std::string stop_text = transport::finalize_skipped() ? "lost" : "";
  for (int r = 1; r < size; ++r) {
    if (!workers[static_cast<std::size_t>(r)].lost) {
      transport::send(r, transport::stop, stop_text);
    } else {
      // Taken for lost, perhaps only slow: told too, without waiting on a peer that may be gone.
      transport::send_detached(r, transport::stop, "lost");
    }
  }
  return !interrupted;
}

}  // namespace tartan::cli
