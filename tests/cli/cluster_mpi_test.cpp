// tartan census and tartan nim alpha under mpirun (a build with -DTARTAN_WITH_MPI=ON; skipped otherwise): 1, 2 and 3
// ranks print the bytes of the single process, a journal written by ranks resumes in one process, a worker killed
// mid-rule loses only that rule (handed out again, and said), and rank 0 refusing its journal ends the job instead of
// leaving the workers waiting; Lenstra's constants of several primes on 2 and 3 ranks against OEIS A380496's a-file.
// Ranks oversubscribe this machine's cores and talk over loopback.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/reference_data.hpp"
#include "support/run_cli.hpp"

namespace {

using tartan::test::cli_result;
using tartan::test::run_tartan;

#if defined(TARTAN_WITH_MPI) && defined(TARTAN_MPIEXEC)

/// mpirun's options for a job that outlives a rank killed on purpose (docs/cluster.md says why each is needed).
/// Every run here oversubscribes this machine's cores.
const std::vector<std::string> survive_a_lost_rank = {"--mca", "orte_enable_recovery",           "1",
                                                      "--mca", "orte_abort_on_non_zero_status",  "0",
                                                      "--mca", "orte_allowed_exit_without_sync", "1"};

/**
 * Runs `mpirun -n ranks --oversubscribe [options] tartan args...`, calling watch(stderr so far) as standard error
 * grows; watch may act (kill a rank). Gives up, killing the job, after two minutes (a hang is a failure, not a wait).
 */
cli_result run_ranks(int ranks, const std::vector<std::string>& args, const std::vector<std::string>& options = {},
                     const std::function<void(const std::string&)>& watch = {}) {
  std::vector<std::string> all = {TARTAN_MPIEXEC, "-n", std::to_string(ranks), "--oversubscribe"};
  all.insert(all.end(), options.begin(), options.end());
  all.push_back(TARTAN_EXE);
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  int out[2], err[2];
  if (::pipe(out) != 0 || ::pipe(err) != 0) return {};
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    const int none = ::open("/dev/null", O_RDONLY);
    ::dup2(none, STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(err[1], STDERR_FILENO);
    for (const int fd : {none, out[0], out[1], err[0], err[1]}) ::close(fd);
    ::execv(TARTAN_MPIEXEC, argv.data());
    ::_exit(127);
  }
  ::close(out[1]);
  ::close(err[1]);
  cli_result r;
  int fds[2] = {out[0], err[0]};
  std::string* texts[2] = {&r.out, &r.err};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while ((fds[0] >= 0 || fds[1] >= 0) && std::chrono::steady_clock::now() < deadline) {
    pollfd p[2] = {{fds[0], POLLIN, 0}, {fds[1], POLLIN, 0}};
    if (::poll(p, 2, 500) <= 0) continue;
    for (int i = 0; i < 2; ++i) {
      if (fds[i] < 0 || (p[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      char buffer[4096];
      const ssize_t n = ::read(fds[i], buffer, sizeof buffer);
      if (n > 0) {
        texts[i]->append(buffer, static_cast<std::size_t>(n));
        if (i == 1 && watch) watch(r.err);
      } else {
        ::close(fds[i]);
        fds[i] = -1;
      }
    }
  }
  const bool hung = fds[0] >= 0 || fds[1] >= 0;
  if (hung) {
    ADD_FAILURE() << "mpirun did not end within two minutes; standard error:\n" << r.err;
    ::kill(-pid, SIGKILL);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

class CensusMpiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // CI runs as root, which mpirun refuses unless told.
    if (::geteuid() == 0) {
      ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
      ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    }
  }
};

std::string scratch(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tartan_census_mpi_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::filesystem::remove(path);
  return path;
}

TEST_F(CensusMpiTest, OneToThreeRanksPrintTheBytesOfOneProcess) {
  for (const char* format : {"text", "jsonl"}) {
    const std::vector<std::string> args = {"census", "octal", "--digits", "2", "--length", "4096", "--format", format};
    const cli_result plain = run_tartan(args);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    for (const int ranks : {1, 2, 3}) {
      const cli_result r = run_ranks(ranks, args);
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(r.out, plain.out) << ranks << " ranks, " << format;
    }
  }
}

TEST_F(CensusMpiTest, AJournalOfRanksResumesInOneProcess) {
  const std::string journal = scratch("ranks.journal");
  const std::vector<std::string> args = {"census", "octal", "--digits", "1", "--length", "2000", "--journal", journal};
  const cli_result ranks = run_ranks(2, args);
  ASSERT_EQ(ranks.exit_code, 0) << ranks.err;
  const cli_result plain = run_tartan(args);
  EXPECT_EQ(plain.exit_code, 0);
  EXPECT_EQ(plain.out, ranks.out);
  EXPECT_NE(plain.err.find("resuming: 8 of 8 rules recorded"), std::string::npos) << plain.err;
}

TEST_F(CensusMpiTest, AWorkerKilledLosesOnlyItsRule) {
  // Rule 0 takes about two seconds (three heaps: O(n^3)); rank 0 only coordinates, so a worker takes it, and is
  // killed as soon as rank 0 says which (the test waits on that line, not on the clock).
  const std::string rules = scratch("rules.txt");
  {
    std::ofstream out(rules);
    out << "0.8\n0.77\n0.07\n0.137\n0.16\n0.6\n0.45\n";
  }
  const std::vector<std::string> args = {"census", "file", rules, "--length", "2000"};
  const cli_result plain = run_tartan(args);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  std::string killed;  // "rank R (pid P on H)"
  const std::regex taken(R"(rule 0 \(0\.8\) -> (rank \d+ \(pid (\d+) on [^)]*\)))");
  const cli_result r = run_ranks(
      3, {"census", "file", rules, "--length", "2000", "--threads", "0", "--verbose", "--worker-timeout", "2"},
      survive_a_lost_rank, [&](const std::string& err) {
        std::smatch m;
        if (!killed.empty() || !std::regex_search(err, m, taken)) return;
        killed = m[1];
        ::kill(static_cast<pid_t>(std::stol(m[2])), SIGKILL);
      });
  ASSERT_FALSE(killed.empty()) << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, plain.out) << "the table is the single process's";
  EXPECT_NE(r.err.find(killed + " sent nothing for 2 s while computing rule 0 (0.8): taken for lost; the rule is "
                                "handed out again"),
            std::string::npos)
      << r.err;
}

TEST_F(CensusMpiTest, ARefusedJournalEndsTheJob) {
  const std::string journal = scratch("foreign.journal");
  {
    std::ofstream out(journal);
    out << "not a journal\n";
  }
  // Without the options that keep a job alive past a rank's end, mpirun ends with rank 0's exit code.
  const cli_result r = run_ranks(3, {"census", "octal", "--digits", "1", "--journal", journal});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("error: '" + journal + "' is not a census journal (its first line is not JSON)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
}

using AlphaMpiTest = CensusMpiTest;

// Six primes past the table on 2 ranks (one thread each), then on 3 with rank 0 only coordinating: one JSON line per
// prime in the order given, each excess that of the a-file, each recorded once in the checkpoint rank 0 writes.
TEST_F(AlphaMpiTest, RanksComputeThePrimesOfTheOeisAFile) {
  const auto a_file = tartan::test::oeis_a380496();
  const std::vector<unsigned> primes = {743, 727, 733, 739, 751, 757};
  for (const int ranks : {2, 3}) {
    const std::string checkpoint = scratch("alpha_" + std::to_string(ranks) + ".txt");
    std::vector<std::string> args = {"nim", "alpha"};
    for (const unsigned p : primes) args.push_back(std::to_string(p));
    args.insert(args.end(), {"--json", "--checkpoint", checkpoint});
    if (ranks == 3) args.insert(args.end(), {"--threads", "0"});
    const cli_result r = run_ranks(ranks, args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    for (const unsigned p : primes) {
      ASSERT_TRUE(std::getline(lines, line)) << ranks << " ranks: no line for " << p << "\n" << r.out;
      const nlohmann::json j = nlohmann::json::parse(line);
      EXPECT_EQ(j["prime"], p);
      ASSERT_TRUE(a_file.at(p).has_value()) << p;
      EXPECT_EQ(j["excess"], *a_file.at(p)) << ranks << " ranks, p = " << p;
    }
    EXPECT_FALSE(std::getline(lines, line)) << "rank 0 alone prints: " << line;
    // This build started without mpirun computes them on its own threads, and reads the checkpoint back.
    const cli_result alone = run_tartan({"nim", "alpha", "743", "727", "--threads", "2", "--json"});
    EXPECT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_EQ(tartan::test::count_lines(alone.out), 2u) << alone.out;
    if (ranks == 2) {
      const cli_result again = run_tartan(args);
      EXPECT_EQ(again.exit_code, 0) << again.err;
      EXPECT_EQ(again.out.substr(0, again.out.find("\"seconds\"")), r.out.substr(0, r.out.find("\"seconds\"")));
    }
    std::ifstream in(checkpoint);
    std::size_t recorded = 0;
    for (std::string l; std::getline(in, l);) recorded += !l.empty() && l[0] != '#';
    EXPECT_EQ(recorded, primes.size()) << ranks << " ranks";
  }
}

#else

TEST(CensusMpiTest, NeedsTheMpiBuild) { GTEST_SKIP() << "a build without -DTARTAN_WITH_MPI=ON runs no rank"; }

TEST(CensusSingleTest, RefusesToRunAsOneOfSeveralRanks) {
  // What mpirun -n 2 sets for each rank; a build without MPI would do the whole work twice.
  const std::vector<std::pair<std::vector<std::string>, std::string> > runs = {
      {{"census", "octal", "--digits", "1"}, "a census"},
      {{"nim", "alpha", "727", "733"}, "the primes of 'tartan nim alpha'"}};
  for (const auto& [args, work] : runs) {
    ::setenv("OMPI_COMM_WORLD_SIZE", "2", 1);
    const cli_result r = run_tartan(args);
    ::unsetenv("OMPI_COMM_WORLD_SIZE");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "error: this tartan was built without MPI, so its ranks cannot share " + work +
                         "; build it with -DTARTAN_WITH_MPI=ON (docs/cluster.md), or run it without mpirun\n");
    EXPECT_EQ(r.out, "");
  }
}

#endif

}  // namespace
