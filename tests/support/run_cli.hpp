// Runs the tartan executable for CLI tests: arguments, optional standard input, captured output and exit code.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace tartan::test {

struct cli_result {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (const char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `tartan args...` with `input` on standard input (none when empty and `use_stdin` is false).
inline cli_result run_tartan(const std::vector<std::string>& args, const std::string& input = "") {
  static int counter = 0;
  const std::string base = "/tmp/tartan_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string in_path = base + ".in", out_path = base + ".out", err_path = base + ".err";
  {
    std::ofstream in(in_path, std::ios::binary);
    in << input;
  }
  std::string command = shell_quote(TARTAN_EXE);
  for (const auto& a : args) command += " " + shell_quote(a);
  command += " <" + in_path + " >" + out_path + " 2>" + err_path;
  const int status = std::system(command.c_str());
  cli_result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::remove(in_path.c_str());
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

/**
 * Runs `tartan args...` and sends it SIGINT, as Ctrl-C would, after `delay`. exit_code is the process's own exit
 * code, or 128 + the signal when a signal ended it (then it did not stop cleanly).
 * A delay races the clock: on a loaded machine SIGINT may come before tartan has set its handler, on a fast one
 * after the work has ended. Tests of an interrupted computation use run_tartan_interrupted_when
 * (support/background_cli.hpp), which waits for what tartan prints.
 */
inline cli_result run_tartan_interrupted(const std::vector<std::string>& args, std::chrono::milliseconds delay) {
  const std::string base = "/tmp/tartan_sigint_" + std::to_string(::getpid());
  const std::string out_path = base + ".out", err_path = base + ".err";
  std::vector<std::string> argv_text = {TARTAN_EXE};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t child = ::fork();
  if (child == 0) {
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    ::execv(TARTAN_EXE, argv.data());
    ::_exit(127);
  }
  cli_result r;
  if (child < 0) return r;
  std::this_thread::sleep_for(delay);
  ::kill(child, SIGINT);
  int status = 0;
  ::waitpid(child, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

/// Number of lines in s (a final line without a newline counts).
inline std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += c == '\n';
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

}  // namespace tartan::test
