// The explorer's JSON API, apart from HTTP: an endpoint's name and a request body in, a status, a content type and
// a body out. Each endpoint reads its JSON request, asks the engine the question `tartan` would, and answers with
// the CLI's own JSON builders (tartan/present/json_output.hpp, sequence_output.hpp) and pictures
// (tartan/present/pictures.hpp), so `POST /api/analyze {"game": "mock-turtles", "position": "HTTH"}` and
// `tartan analyze mock-turtles HTTH --json` give the same bytes. docs/explorer.md documents every endpoint. Every
// number of a request is read by one rule (a JSON number or its text, within a stated range), a key given twice is
// refused, and every endpoint takes "big_as_strings": true, the CLI's --big-as-strings.
//
// Every request is bounded as the CLI's commands are: the memory and time limits of `tartan explore`
// (--max-memory, --max-seconds, the CLI's defaults) go into each question, checked by the engine before any work;
// answers that would be huge are refused (api_limits). A refusal is a JSON object {"error": "one line"} with a 4xx
// status: 400 for a request that is wrong (malformed JSON, an unknown field, game or position), 404 for an unknown
// endpoint or job, 422 for a question over a limit, 429 when the verifications allowed at once are running.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "tartan/explorer/verify_jobs.hpp"

namespace tartan::explorer {

/// The limits every request is held to.
struct api_limits {
  /// Bytes a question's tables may take (0: default_memory_limit(), half the machine's memory, as the CLI).
  std::uint64_t max_memory = 0;
  /// Seconds a question's sequences may take, projected from their pace, and a verification's wall time
  /// (0: no limit; the CLI's default is 60).
  double max_seconds = 60;
  /// The most heads coins an analysis or a game lists one by one (a count has no bound but the memory's).
  std::uint64_t max_listed_heads = 1'000'000;
  /// The most values /api/sequence answers with (about 8 MB of JSON).
  std::size_t max_sequence_values = 1'000'000;
  /// The most cells /api/table answers with in JSON (a picture: svg::fits).
  std::size_t max_table_cells = std::size_t{1} << 20;
  /// Verifications computing at once, and finished ones kept for reading.
  std::size_t max_running_jobs = 2;
  std::size_t max_kept_jobs = 32;
  /// How a refusal or a stopped verification says to raise the limits, each followed by a figure: the server's
  /// options by default; the static explorer, whose limits are fixed, points to `tartan explore` on one's machine.
  std::string raise_memory = "start tartan explore with --max-memory";
  std::string raise_seconds = "start tartan explore with --max-seconds";
};

/// An answer: an HTTP status, the body's content type and the body.
struct api_reply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

/// Shown the JSON of an inline verification as /api/verify/status answers it, at each of its progress points;
/// returning false cancels the verification.
using job_watcher = std::function<bool(const std::string& job_json)>;

/// The endpoints under /api/, each answering a JSON request body.
class explorer_api {
 public:
  /// Verifications run on threads of their own, as jobs that /api/verify starts and later requests read. Given a
  /// `watcher`, they run inline instead, where there are no threads (the static explorer's WebAssembly build):
  /// /api/verify answers once the job has ended (as /api/verify/status would then), and `watcher` sees the job at
  /// each progress point meanwhile (verify_jobs.hpp).
  explicit explorer_api(api_limits limits, job_watcher watcher = {});

  /**
   * Answers the request `body` (a JSON object) to `endpoint`: "games", "sequence", "analyze", "table", "verify",
   * "verify/status", "verify/cancel", "verify/svg", "play" or "quotient". Never throws: every failure is a reply with a
   * 4xx (or, for a failure tartan did not mean, 500) status and {"error": "..."}.
   *
   * Example: handle("analyze", R"({"game": "mock-turtles", "position": "HTTH"})").body ==
   *          R"({"game":"mock-turtles","code":"1-3","coins":4,"position":[0,3],"value":6,...})"
   */
  api_reply handle(std::string_view endpoint, std::string_view body);

  /// The endpoints, for messages: "games, sequence, analyze, ...".
  static std::string endpoint_list();

  const api_limits& limits() const { return limits_; }

 private:
  api_reply answer(std::string_view endpoint, std::string_view body);

  api_limits limits_;
  verify_jobs jobs_;
};

/// {"error": message} as a reply with `status`.
api_reply error_reply(int status, const std::string& message);

}  // namespace tartan::explorer
