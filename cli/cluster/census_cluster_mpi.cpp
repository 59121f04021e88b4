// tartan census on the ranks of an Open MPI job (census_cluster.hpp).
//
// Messages (MPI_CHAR payloads, tags below): a worker opens with HELLO "pid host", then READY "slot" once per compute
// slot; rank 0 answers ASSIGN "slot index" or STOP; the worker sends RESULT "slot\n<row as a JSON line>" when the
// rule is done (which also asks for the next one) and HEARTBEAT every heartbeat interval while any slot computes.
// Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED); compute threads hand their rows over through a
// mutex. Rank 0 waits for messages by probing every couple of milliseconds rather than in a blocking receive, which
// Open MPI implements by spinning on a core the workers need.
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cluster/census_cluster.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/time_limit.hpp"

namespace tartan::cli {

namespace {

enum tag : int { hello = 1, ready = 2, assign = 3, result = 4, heartbeat = 5, stop = 6 };

/// How many times a rule is handed out before it is recorded as stopped.
constexpr int max_attempts = 3;

using clock_type = std::chrono::steady_clock;

struct mpi_state {
  bool initialised = false;
  int rank = 0;
  int size = 1;
  /// Set when a rank of the job was lost: MPI_Finalize waits for every rank (a PMIx fence), the lost one included,
  /// so the ranks left exit without it (mpirun --mca orte_allowed_exit_without_sync 1 takes that as a normal end).
  bool skip_finalize = false;
  ~mpi_state() {
    int finalized = 0;
    if (initialised && !skip_finalize && MPI_Finalized(&finalized) == MPI_SUCCESS && finalized == 0) MPI_Finalize();
  }
};

mpi_state& mpi() {
  static mpi_state state;
  return state;
}

/// Whether the process was started as a rank of a job: mpirun (Open MPI) or a PMI launcher (Slurm's srun) sets these.
bool launched_as_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

void send_text(int to, int message, const std::string& text) {
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, message, MPI_COMM_WORLD);
}

/// A message waiting from anyone, received; nullopt when none is there.
struct message {
  int from = 0;
  int tag = 0;
  std::string text;
};

std::optional<message> poll_message() {
  int flag = 0;
  MPI_Status status;
  if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS || flag == 0) {
    return std::nullopt;
  }
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  message m;
  m.from = status.MPI_SOURCE;
  m.tag = status.MPI_TAG;
  m.text.resize(static_cast<std::size_t>(count));
  MPI_Recv(m.text.data(), count, MPI_CHAR, m.from, m.tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return m;
}

void pause() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

double heartbeat_seconds(const cluster_settings& settings) { return std::min(1.0, settings.worker_timeout / 4); }

/// Compute threads fed one rule at a time each, their rows collected for the thread that talks MPI.
class compute_slots {
 public:
  compute_slots(const present::census_rules& rules, const census_options& options, unsigned count,
                std::function<bool()> keep_going)
      : rules_(rules), options_(options), keep_going_(std::move(keep_going)), jobs_(count) {
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

  /// Starts rule `index` on slot s. @pre the slot is free
  void start(unsigned s, std::size_t index) {
    {
      const std::lock_guard lock(mutex_);
      jobs_[s] = index;
    }
    wake_.notify_all();
  }

  /// The rows finished since the last call: (slot, row or nullopt when cancelled).
  std::vector<std::pair<unsigned, std::optional<census_row>>> finished() {
    const std::lock_guard lock(mutex_);
    return std::exchange(done_, {});
  }

  bool busy() const {
    const std::lock_guard lock(mutex_);
    return std::any_of(jobs_.begin(), jobs_.end(), [](const auto& j) { return j.has_value(); });
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
      std::optional<census_row> row;
      try {
        row = census_rule_row(rules_.games[index], index, rules_.texts[index], rules_.names[index], options_,
                              keep_going_);
      } catch (const std::exception& e) {
        // Not a limit (those make stopped rows): the rule is recorded as failed rather than handed out forever.
        row = census_row{};
        row->index = index;
        row->rule = rules_.texts[index];
        row->name = rules_.names[index];
        row->status = census_status::stopped;
        row->why = std::string("failed: ") + e.what();
      }
      const std::lock_guard lock(mutex_);
      jobs_[s].reset();
      done_.emplace_back(s, std::move(row));
    }
  }

  const present::census_rules& rules_;
  const census_options& options_;
  std::function<bool()> keep_going_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool closing_ = false;
  std::vector<std::optional<std::size_t>> jobs_;
  std::vector<std::pair<unsigned, std::optional<census_row>>> done_;
  std::vector<std::jthread> threads_;
};

std::string rule_named(const present::census_rules& rules, std::size_t index) {
  return "rule " + std::to_string(index) + " (" + rules.texts[index] + ")";
}

}  // namespace

bool census_on_cluster() {
  mpi_state& state = mpi();
  if (state.initialised) return true;
  if (!launched_as_rank()) return false;
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    throw error("MPI could not start; run tartan census with mpirun, or without it for one process");
  }
  state.initialised = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);  // a dead peer must not end rank 0
  MPI_Comm_rank(MPI_COMM_WORLD, &state.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &state.size);
  return true;
}

bool census_is_coordinator() { return !mpi().initialised || mpi().rank == 0; }

void census_release_workers() {
  // Without waiting on a rank that may be gone; when one was lost, every rank ends without MPI_Finalize (mpi_state).
  static const std::string lost_stop = "lost", plain_stop;
  const std::string& text = mpi().skip_finalize ? lost_stop : plain_stop;
  for (int r = 1; r < mpi().size; ++r) {
    MPI_Request request;
    MPI_Isend(text.data(), static_cast<int>(text.size()), MPI_CHAR, r, stop, MPI_COMM_WORLD, &request);
    MPI_Request_free(&request);
  }
}

void census_work(const present::census_rules& rules, const census_options& options, unsigned threads,
                 const cluster_settings& settings) {
  char host[256] = "";
  ::gethostname(host, sizeof host - 1);
  send_text(0, hello, std::to_string(::getpid()) + " " + host);
  std::atomic<bool> released{false};
  compute_slots slots(rules, options, std::max(1u, threads), [&] { return !released.load(); });
  for (unsigned s = 0; s < slots.count(); ++s) send_text(0, ready, std::to_string(s));
  const auto beat = std::chrono::duration<double>(heartbeat_seconds(settings));
  auto last_beat = clock_type::now();
  for (;;) {
    bool idle = true;
    for (auto& [s, row] : slots.finished()) {
      idle = false;
      send_text(0, result, std::to_string(s) + "\n" + present::census_row_json(*row, true).dump());
    }
    if (std::optional<message> m = poll_message()) {
      idle = false;
      if (m->tag == stop) {
        released = true;  // a rule still computing stops at its next poll; the slots' destructor waits for it
        if (m->text == "lost") mpi().skip_finalize = true;
        return;
      }
      if (m->tag == assign) {
        std::istringstream in(m->text);
        unsigned s = 0;
        std::size_t index = 0;
        in >> s >> index;
        slots.start(s, index);
      }
    }
    if (clock_type::now() - last_beat >= beat) {
      send_text(0, heartbeat, "");
      last_beat = clock_type::now();
    }
    if (idle) pause();
  }
}

bool census_coordinate(const present::census_rules& rules, const census_options& options,
                       std::span<const std::size_t> done, unsigned threads, const cluster_settings& settings,
                       const std::function<void(census_row&&)>& record, const std::function<bool()>& keep_going) {
  const int size = mpi().size;
  std::vector<bool> recorded(rules.texts.size(), false);
  for (const std::size_t i : done) recorded[i] = true;
  std::deque<std::size_t> pending;
  for (std::size_t i = 0; i < rules.texts.size(); ++i) {
    if (!recorded[i]) pending.push_back(i);
  }
  std::size_t left = pending.size();
  std::vector<int> attempts(rules.texts.size(), 0);
  struct worker {
    std::string who = "?";  // "pid P on HOST"
    clock_type::time_point heard = clock_type::now();
    bool lost = false;
    std::map<unsigned, std::size_t> computing;  // slot -> rule
    std::set<unsigned> waiting;                 // slots asking for a rule
  };
  std::vector<worker> workers(static_cast<std::size_t>(size));
  std::atomic<bool> stopping{false};
  compute_slots local(rules, options, threads, [&] { return !stopping.load(); });
  // Leaving by an exception (record could not write the journal) stops the rules computing here before the slots'
  // destructor waits for them.
  struct stop_on_exit {
    std::atomic<bool>& stopping;
    ~stop_on_exit() { stopping = true; }
  } const stop_guard{stopping};
  std::vector<bool> local_busy(threads, false);
  const auto timeout = std::chrono::duration<double>(settings.worker_timeout);
  const auto say = [&](const std::string& text) { std::cerr << text << '\n' << std::flush; };
  const auto next_rule = [&]() -> std::optional<std::size_t> {
    while (!pending.empty()) {
      const std::size_t i = pending.front();
      pending.pop_front();
      if (!recorded[i]) return i;
    }
    return std::nullopt;
  };
  const auto accept = [&](census_row&& row) {
    if (recorded[row.index]) return;  // computed twice (a worker taken for lost came back): recorded once
    recorded[row.index] = true;
    --left;
    record(std::move(row));
  };
  bool interrupted = false;
  while (left > 0) {
    if (!interrupted && keep_going && !keep_going()) {
      interrupted = true;
      stopping = true;
      break;
    }
    bool idle = true;
    // Rows of rank 0's own threads, and new rules for them.
    for (auto& [s, row] : local.finished()) {
      idle = false;
      local_busy[s] = false;
      if (row) accept(std::move(*row));
    }
    for (unsigned s = 0; s < threads && left > 0; ++s) {
      if (local_busy[s]) continue;
      const std::optional<std::size_t> i = next_rule();
      if (!i) break;
      ++attempts[*i];
      local_busy[s] = true;
      local.start(s, *i);
      if (settings.verbose) say(rule_named(rules, *i) + " -> rank 0");
    }
    // Messages from the workers.
    while (std::optional<message> m = poll_message()) {
      idle = false;
      worker& w = workers[static_cast<std::size_t>(m->from)];
      w.heard = clock_type::now();
      if (w.lost) {
        w.lost = false;
        say("rank " + std::to_string(m->from) + " (" + w.who + ") answered again: taken back");
      }
      if (m->tag == hello) {
        const std::size_t space = m->text.find(' ');
        w.who = "pid " + m->text.substr(0, space) + " on " + m->text.substr(space + 1);
      } else if (m->tag == ready) {
        w.waiting.insert(static_cast<unsigned>(std::stoul(m->text)));
      } else if (m->tag == result) {
        const std::size_t newline = m->text.find('\n');
        const auto s = static_cast<unsigned>(std::stoul(m->text.substr(0, newline)));
        census_row row = present::census_row_from_json(nlohmann::json::parse(m->text.substr(newline + 1)));
        w.computing.erase(s);
        w.waiting.insert(s);
        accept(std::move(row));
      }
    }
    // Workers silent too long while computing: lost, their rules handed out again (first in line).
    const auto now = clock_type::now();
    for (int r = 1; r < size; ++r) {
      worker& w = workers[static_cast<std::size_t>(r)];
      if (w.lost || w.computing.empty() || now - w.heard < timeout) continue;
      w.lost = true;
      mpi().skip_finalize = true;  // MPI_Finalize would wait for it
      for (const auto& [s, i] : w.computing) {
        std::string text = "rank " + std::to_string(r) + " (" + w.who + ") sent nothing for " +
                           format_seconds(settings.worker_timeout) + " while computing " + rule_named(rules, i) +
                           ": taken for lost; ";
        if (recorded[i]) {
          text += "the rule is recorded already";
        } else if (attempts[i] >= max_attempts) {
          census_row row;
          row.index = i;
          row.rule = rules.texts[i];
          row.name = rules.names[i];
          row.status = census_status::stopped;
          row.why = "the workers computing it were lost " + std::to_string(attempts[i]) + " times";
          text += "recorded as stopped after " + std::to_string(attempts[i]) + " attempts";
          accept(std::move(row));
        } else {
          pending.push_front(i);
          text += "the rule is handed out again";
        }
        say(text);
      }
      w.computing.clear();
      w.waiting.clear();
    }
    // Rules for the workers waiting.
    for (int r = 1; r < size && left > 0; ++r) {
      worker& w = workers[static_cast<std::size_t>(r)];
      if (w.lost) continue;
      while (!w.waiting.empty()) {
        const std::optional<std::size_t> i = next_rule();
        if (!i) break;
        const unsigned s = *w.waiting.begin();
        w.waiting.erase(w.waiting.begin());
        w.computing[s] = *i;
        ++attempts[*i];
        if (w.computing.size() == 1) w.heard = clock_type::now();  // its silence counts from now
        send_text(r, assign, std::to_string(s) + " " + std::to_string(*i));
        if (settings.verbose) say(rule_named(rules, *i) + " -> rank " + std::to_string(r) + " (" + w.who + ")");
      }
    }
    if (idle) pause();
  }
  stopping = true;
  // Release the workers: each gets its stop; rows still on their way are not waited for. With a rank lost, none
  // finalizes MPI (see mpi_state).
  const bool any_lost = mpi().skip_finalize;
  static const std::string lost_stop = "lost";
  for (int r = 1; r < size; ++r) {
    if (!workers[static_cast<std::size_t>(r)].lost) {
      send_text(r, stop, any_lost ? lost_stop : "");
    } else {
      // Taken for lost, perhaps only slow: told too, without waiting on a peer that may be gone.
      MPI_Request request;
      MPI_Isend(lost_stop.data(), static_cast<int>(lost_stop.size()), MPI_CHAR, r, stop, MPI_COMM_WORLD, &request);
      MPI_Request_free(&request);
    }
  }
  return !interrupted;
}

}  // namespace tartan::cli
