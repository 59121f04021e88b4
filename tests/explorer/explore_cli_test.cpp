// tartan explore, the command: it prints the address it serves, serves the page built into the binary (the files of
// explorer/web/, byte for byte) and nothing else of the machine, warns when it serves beyond this machine, refuses bad
// options and a port in use with exit code 2, and stops cleanly on Ctrl-C (exit code 0).
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/run_cli.hpp"

namespace {

using tartan::test::read_file;
using tartan::test::run_tartan;

/// `tartan explore args...` running in the background, its output in files; stopped with Ctrl-C (SIGINT) by stop().
class explore_process {
 public:
  explicit explore_process(const std::vector<std::string>& args) {
    static int counter = 0;
    const std::string base = "/tmp/tartan_explore_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    out_path_ = base + ".out";
    err_path_ = base + ".err";
    std::vector<std::string> argv_text = {TARTAN_EXE, "explore"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      const int out = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      const int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(out, STDOUT_FILENO);
      ::dup2(err, STDERR_FILENO);
      ::execv(TARTAN_EXE, argv.data());
      ::_exit(127);
    }
  }

  ~explore_process() {
    if (pid_ > 0 && !stopped_) stop();
    std::remove(out_path_.c_str());
    std::remove(err_path_.c_str());
  }

  /// The port it prints ("the explorer is at http://127.0.0.1:PORT/"), waiting up to 60 s (a guard against a hang);
  /// 0 when none came.
  int port() {
    for (int i = 0; i < 6000; ++i) {
      const std::string out = read_file(out_path_);
      const std::size_t at = out.find("http://");
      const std::size_t end = out.find("/ ", at);
      if (at != std::string::npos && end != std::string::npos) {
        const std::size_t colon = out.rfind(':', end);
        return std::stoi(out.substr(colon + 1, end - colon - 1));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return 0;
  }

  /// Sends SIGINT and waits (up to 60 s, then SIGKILL and -1): the exit code, or 128 + the signal that ended it.
  int stop() {
    stopped_ = true;
    ::kill(pid_, SIGINT);
    int status = 0;
    for (int i = 0; i < 6000; ++i) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    return -1;
  }

  std::string out() const { return read_file(out_path_); }
  std::string err() const { return read_file(err_path_); }

 private:
  pid_t pid_ = -1;
  bool stopped_ = false;
  std::string out_path_, err_path_;
};

TEST(ExploreCliTest, ServesTheEmbeddedPageAndStopsOnCtrlC) {
  explore_process explore({"--port", "0"});
  const int port = explore.port();
  ASSERT_GT(port, 0) << explore.out() << explore.err();
  httplib::Client client("127.0.0.1", port);
  // Every file of explorer/web/ is served as it is in the repository, with its content type.
  const std::string web = std::string(TARTAN_SOURCE_DIR) + "/explorer/web/";
  const std::vector<std::pair<std::string, std::string>> files = {{"index.html", "text/html; charset=utf-8"},
                                                                  {"app.js", "text/javascript; charset=utf-8"},
                                                                  {"transport.js", "text/javascript; charset=utf-8"},
                                                                  {"style.css", "text/css; charset=utf-8"},
                                                                  {"favicon.svg", "image/svg+xml"}};
  for (const auto& [file, type] : files) {
    const auto r = client.Get(("/" + file).c_str());
    ASSERT_TRUE(r) << file;
    EXPECT_EQ(r->status, 200) << file;
    EXPECT_EQ(r->get_header_value("Content-Type"), type) << file;
    EXPECT_EQ(r->body, read_file(web + file)) << file << " is not served as it is in explorer/web/";
  }
  const auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->body, read_file(web + "index.html"));
  EXPECT_THAT(page->get_header_value("Content-Security-Policy"), testing::HasSubstr("default-src 'none'"));
  // Nothing else: not the repository's files, not the machine's.
  for (const std::string path : {"/embed.cmake", "/explorer/web/app.js", "/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                                 "/..%2f..%2fetc%2fpasswd", "/index.html/.."}) {
    const auto r = client.Get(path.c_str());
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 404) << path;
  }
  const auto games = client.Post("/api/games", "{}", "application/json");
  ASSERT_TRUE(games);
  EXPECT_EQ(games->body, run_tartan({"games", "--json"}).out);

  EXPECT_EQ(explore.stop(), 0) << explore.err();
  EXPECT_THAT(explore.out(), testing::HasSubstr("the explorer is at http://127.0.0.1:"));
  EXPECT_THAT(explore.out(), testing::HasSubstr("tartan explore: stopped"));
  EXPECT_EQ(explore.err(), "");
}

TEST(ExploreCliTest, CtrlCDuringAVerificationStopsAtOnce) {
  explore_process explore({"--port", "0"});
  const int port = explore.port();
  ASSERT_GT(port, 0) << explore.err();
  httplib::Client client("127.0.0.1", port);
  // Hours of work by direct mex (about 8 * 10^12 options), far beyond stop()'s wait of 60 s.
  const auto started =
      client.Post("/api/verify", R"({"game": "mock-turtles*mock-turtles", "size": "256x256"})", "application/json");
  ASSERT_TRUE(started);
  ASSERT_EQ(started->status, 202) << started->body;
  // Ctrl-C once the verification has done some of its work, however long that takes on this machine.
  const std::string job = nlohmann::json::parse(started->body).at("job").dump();
  nlohmann::json status;
  for (int i = 0; i < 6000; ++i) {
    const auto r = client.Post("/api/verify/status", "{\"job\": " + job + "}", "application/json");
    ASSERT_TRUE(r);
    status = nlohmann::json::parse(r->body);
    if (status.at("status") != "running" || status.at("progress").get<double>() > 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(status.at("status"), "running") << status.dump();
  ASSERT_GT(status.at("progress").get<double>(), 0.0);
  EXPECT_EQ(explore.stop(), 0) << "the running verification held the server up: " << explore.err();
  EXPECT_THAT(explore.out(), testing::HasSubstr("tartan explore: stopped"));
}

TEST(ExploreCliTest, WarnsWhenItServesOtherMachines) {
  explore_process explore({"--port", "0", "--host", "0.0.0.0"});
  ASSERT_GT(explore.port(), 0) << explore.err();
  EXPECT_EQ(explore.stop(), 0);
  EXPECT_THAT(explore.err(), testing::HasSubstr("warning: --host 0.0.0.0 serves the explorer to other machines"));
}

TEST(ExploreCliTest, BadOptionsAndAPortInUseAreRefused) {
  const auto too_large = run_tartan({"explore", "--port", "70000"});
  EXPECT_EQ(too_large.exit_code, 2);
  EXPECT_THAT(too_large.err, testing::HasSubstr("--port"));
  EXPECT_EQ(run_tartan({"explore", "--port", ""}).exit_code, 2);
  EXPECT_EQ(run_tartan({"explore", "--max-memory", "lots"}).exit_code, 2);
  EXPECT_EQ(run_tartan({"explore", "--max-seconds", "-1"}).exit_code, 2);
  const auto unknown = run_tartan({"explore", "--prot", "80"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_THAT(unknown.err, testing::HasSubstr("did you mean '--port'"));

  explore_process first({"--port", "0"});
  const int port = first.port();
  ASSERT_GT(port, 0);
  const auto second = run_tartan({"explore", "--port", std::to_string(port)});
  EXPECT_EQ(second.exit_code, 2);
  EXPECT_THAT(second.err, testing::HasSubstr("cannot listen on 127.0.0.1:" + std::to_string(port)));
  EXPECT_EQ(tartan::test::count_lines(second.err), 1u) << second.err;
  EXPECT_EQ(first.stop(), 0);
}

}  // namespace
