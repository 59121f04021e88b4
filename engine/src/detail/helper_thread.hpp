// helper_thread: one more thread that takes a share of a loop when it is free, for work split many times a second
// (the sparse-space solver shares a heap's listing and its long passes, tens of microseconds each). Starting a
// std::thread per split costs about as much as the work; this thread lives as long as its owner, spins a little after
// each task (so the next comes to a running thread) and then sleeps on a futex (std::atomic::wait).
//
// The owner never waits for it to start: a task is handed over only when the helper is idle (try_start), and the
// owner takes its own share of the work from the same counter (shared_loop), running again any share the helper
// took but has not finished. On a loaded machine, where the helper may not run for milliseconds, the owner then
// goes on at the speed of one thread instead of waiting.
// Internal to the engine.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace tartan::detail {

class helper_thread {
 public:
  helper_thread() : thread_([this] { loop(); }) {}

  ~helper_thread() {
    wait_idle();
    quit_.store(true, std::memory_order_relaxed);
    posted_.fetch_add(1, std::memory_order_release);
    posted_.notify_one();
    thread_.join();
  }

  helper_thread(const helper_thread&) = delete;
  helper_thread& operator=(const helper_thread&) = delete;

  /// Whether the helper has finished every task handed to it; what it wrote is then seen by the caller.
  bool idle() const { return done_.load(std::memory_order_acquire) == posted_.load(std::memory_order_relaxed); }

  /// Waits until idle(): spins a little, then sleeps.
  void wait_idle() {
    const std::uint32_t ticket = posted_.load(std::memory_order_relaxed);
    for (int spins = 0;; ++spins) {
      const std::uint32_t done = done_.load(std::memory_order_acquire);
      if (done == ticket) return;
      if (spins < spin_limit) {
        pause();
      } else {
        done_.wait(done, std::memory_order_acquire);
      }
    }
  }

  /// Waits until idle(), but no longer than about `patience` (spinning); whether it is idle.
  bool wait_idle_for(std::chrono::steady_clock::duration patience) {
    if (idle()) return true;
    const auto until = std::chrono::steady_clock::now() + patience;
    for (int spins = 1;; ++spins) {
      pause();
      if (idle()) return true;
      if (spins % 64 == 0 && std::chrono::steady_clock::now() >= until) return false;
    }
  }

  /**
   * Hands `task` (called once, as task()) to the helper when it is idle and returns true; returns false, doing
   * nothing, when it is still busy with an earlier task. `task` must live until idle(). What the caller wrote before
   * is seen by the task.
   */
  template <class Task>
  bool try_start(Task& task) {
    if (!idle()) return false;
    task_object_ = static_cast<void*>(std::addressof(task));
    task_call_ = [](void* object) { (*static_cast<Task*>(object))(); };
    posted_.fetch_add(1, std::memory_order_release);
    posted_.notify_one();
    return true;
  }

 private:
  static constexpr int spin_limit = 1 << 14;  // about 20-50 µs of pause instructions before sleeping

  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
  }

  void loop() {
    std::uint32_t last = 0;
    for (;;) {
      for (int spins = 0; posted_.load(std::memory_order_acquire) == last; ++spins) {
        if (spins < spin_limit) {
          pause();
        } else {
          posted_.wait(last, std::memory_order_acquire);
        }
      }
      last = posted_.load(std::memory_order_acquire);
      if (quit_.load(std::memory_order_relaxed)) return;
      task_call_(task_object_);
      done_.store(last, std::memory_order_release);
      done_.notify_one();
    }
  }

  void* task_object_ = nullptr;  // the task handed over: task_call_(task_object_) runs it
  void (*task_call_)(void*) = nullptr;
  std::atomic<std::uint32_t> posted_{0};  // tasks handed over (written by the owner only)
  std::atomic<std::uint32_t> done_{0};    // the last task the helper finished
  std::atomic<bool> quit_{false};
  std::thread thread_;  // last: started once the members it reads exist
};

/**
 * The chunks 0..count-1 of a loop, taken in turn by the owner and, when it runs, the helper. The owner calls
 * run_owner(body) and then finish(body): every chunk the helper took but has not finished by then is run by the owner
 * too, so when finish returns every chunk ran to its end on one thread or the other; helper_finished(c) says where
 * chunk c's results are. `body(c, helper)` runs chunk c, `helper` true on the helper thread.
 * The owner never waits for the helper; the helper may still be inside a chunk the owner ran again, so the caller
 * must let it go idle (helper_thread::wait_idle) before it changes what the chunks read.
 */
class shared_loop {
 public:
  /// A loop of `count` chunks, none taken.
  void reset(std::size_t count) {
    count_ = count;
    next_.store(0, std::memory_order_relaxed);
    stop_.store(false, std::memory_order_relaxed);
    if (done_.size() < count) done_ = std::vector<std::atomic<std::uint8_t>>(count);
    for (std::size_t c = 0; c < count; ++c) done_[c].store(0, std::memory_order_relaxed);
    mine_.assign(count, 0);
  }

  /// Stops handing out chunks (both threads): the loop's answer is known.
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }

  /// The helper's part: takes chunks until none is left (or stop()).
  template <class Body>
  void run_helper(Body&& body) {
    for (std::size_t c; !stopped() && (c = next_.fetch_add(1, std::memory_order_relaxed)) < count_;) {
      body(c, true);
      done_[c].store(1, std::memory_order_release);
    }
  }

  /// The owner's part: takes chunks until none is left (or stop()).
  template <class Body>
  void run_owner(Body&& body) {
    for (std::size_t c; !stopped() && (c = next_.fetch_add(1, std::memory_order_relaxed)) < count_;) {
      mine_[c] = 1;
      body(c, false);
    }
  }

  /// After run_owner: runs on the owner every chunk the helper took and has not finished (unless stop()).
  template <class Body>
  void finish(Body&& body) {
    const std::size_t taken = std::min(count_, next_.load(std::memory_order_relaxed));
    for (std::size_t c = 0; c < taken && !stopped(); ++c) {
      if (mine_[c] == 0 && done_[c].load(std::memory_order_acquire) == 0) {
        mine_[c] = 1;
        body(c, false);
      }
    }
  }

  /// Whether chunk c ran to its end on the helper and not on the owner (its results are the helper's).
  bool helper_finished(std::size_t c) const { return mine_[c] == 0 && done_[c].load(std::memory_order_acquire) != 0; }

 private:
  std::size_t count_ = 0;
  std::atomic<std::size_t> next_{0};  // the next chunk to take
  std::atomic<bool> stop_{false};
  std::vector<std::atomic<std::uint8_t>> done_;  // done_[c]: the helper finished chunk c
  std::vector<std::uint8_t> mine_;               // mine_[c]: the owner ran chunk c (owner only)
};

}  // namespace tartan::detail
