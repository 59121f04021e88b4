#include "tartan/explorer/explorer_api.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "tartan/analysis/analysis.hpp"
#include "tartan/analysis/analysis_request.hpp"
#include "tartan/analysis/box_region.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/move_count.hpp"
#include "tartan/analysis/sequence_values.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/core/limits.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/time_limit.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/games/registry.hpp"
#include "tartan/play/heap_play.hpp"
#include "tartan/play/play.hpp"
#include "tartan/play/sum_play.hpp"
#include "tartan/present/advice.hpp"
#include "tartan/present/analysis_output.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/present/misere_output.hpp"
#include "tartan/present/pictures.hpp"
#include "tartan/present/position_input.hpp"
#include "tartan/present/quotient_output.hpp"
#include "tartan/present/sequence_output.hpp"
#include "tartan/present/svg.hpp"
#include "tartan/product/grid_position.hpp"
#include "tartan/product/product_verify.hpp"
#include "tartan/product/tartan.hpp"
#include "tartan/turning/position.hpp"

namespace tartan::explorer {

// The answers are built with the presentation library the CLI prints with (present/), so both give the same bytes.
using namespace present;

namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, 10> endpoints = {"games",  "sequence",      "analyze",       "table",
                                                        "verify", "verify/status", "verify/cancel", "verify/svg",
                                                        "play",   "quotient"};

/// A request refused before the engine is asked: the status and the message.
struct request_error {
  int status;
  std::string message;
};

[[noreturn]] void refuse(int status, std::string message) { throw request_error{status, std::move(message)}; }

/// The request body parsed, a key given twice in one object refused: JSON leaves the meaning of a duplicated key
/// open (RFC 8259, section 4) and nlohmann keeps the last one, so {"position": "HT", "position": "TH"} would be
/// answered for one of the two without a word.
json parse_body(std::string_view body) {
  std::vector<std::set<std::string>> keys;  // the keys of each object being read, the innermost last
  return json::parse(body, [&keys](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      keys.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      keys.pop_back();
    } else if (event == json::parse_event_t::key && !keys.back().insert(parsed.get<std::string>()).second) {
      refuse(400, "the request gives " + tartan::quote_typed(parsed.get<std::string>()) +
                      " twice in one object; give each field once");
    }
    return true;
  });
}

/// The field every endpoint takes: true asks for the integers of 2^53 or more as decimal strings (--big-as-strings).
constexpr std::string_view big_as_strings_field = "big_as_strings";

/// The fields of a request body, read by name: each endpoint names the fields it takes, and an unknown one is
/// refused (a misspelt "positon" would otherwise be ignored, and the question answered without it).
class request_fields {
 public:
  request_fields(std::string_view body, std::string_view endpoint, std::initializer_list<std::string_view> known)
      : endpoint_(endpoint) {
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      body_ = json::object();  // an empty body asks with every field left out
    } else {
      try {
        body_ = parse_body(body);
      } catch (const json::parse_error& e) {
        std::string why = e.what();
        const std::size_t colon = why.find("parse error");
        if (colon != std::string::npos) why = why.substr(colon);
        refuse(400, "the request body is not JSON (" + why + "); send an object such as {\"game\": \"mock-turtles\"}");
      }
    }
    if (!body_.is_object()) {
      refuse(400, "the request body is JSON but not an object; send one such as {\"game\": \"mock-turtles\"}");
    }
    for (const auto& [key, value] : body_.items()) {
      if (std::find(known.begin(), known.end(), key) != known.end()) continue;
      if (key == big_as_strings_field) {
        static_cast<void>(flag(key));  // read by explorer_api::handle; here only refused when not true or false
        continue;
      }
      std::string list;
      for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      refuse(400, "/api/" + std::string(endpoint_) + " has no field " + tartan::quote_typed(key) +
                      (list.empty() ? "; send {}" : "; its fields are " + list));
    }
  }

  bool has(std::string_view key) const { return body_.contains(key) && !body_[std::string(key)].is_null(); }

  /// A text field, "" when left out.
  std::string text(std::string_view key) const {
    if (!has(key)) return "";
    const json& v = body_[std::string(key)];
    if (v.is_string()) return v.get<std::string>();
    refuse(400, std::string(key) + ": expected a string, got " + type_of(v) + "; e.g. \"" + std::string(key) +
                    "\": \"" + example(key) + "\"");
  }

  /// The number of coins of a row (coins: 100 or "100"), as --coins takes it: from 1 to 2^32; "" when left out.
  std::string count_text(std::string_view key) const {
    if (!has(key)) return "";
    return std::to_string(number(key, 0, 1, std::uint64_t{UINT32_MAX} + 1));
  }

  /// A required text field.
  std::string required_text(std::string_view key) const {
    const std::string t = text(key);
    if (t.empty()) {
      refuse(400, "/api/" + std::string(endpoint_) + " needs \"" + std::string(key) + "\"; e.g. \"" + std::string(key) +
                      "\": \"" + example(key) + "\"");
    }
    return t;
  }

  /// A whole number from 0 to `max`, `fallback` when left out.
  std::uint64_t number(std::string_view key, std::uint64_t fallback, std::uint64_t max) const {
    return number(key, fallback, 0, max);
  }

  /// A whole number from `min` to `max`, `fallback` when left out. Every number of a request is read by this one
  /// rule: a JSON number, or its text as the CLI takes it (decimal, or 0x hexadecimal): "count": 16 or "16".
  std::uint64_t number(std::string_view key, std::uint64_t fallback, std::uint64_t min, std::uint64_t max) const {
    if (!has(key)) return fallback;
    const json& v = body_[std::string(key)];
    const std::string name(key);
    const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    const std::string shown = v.is_string() ? tartan::quote_typed(v.get<std::string>()) : v.dump();
    const auto over = [&] {
      refuse(422,
             name + ": " + shown + " is over the most allowed here, " + std::to_string(max) + "; ask for " + range);
    };
    const auto wrong = [&](const std::string& got) {
      refuse(400, name + ": expected " + range + " (a JSON number, or its text), got " + got);
    };
    std::uint64_t n = 0;
    if (v.is_number_unsigned()) {
      n = v.get<std::uint64_t>();
    } else if (v.is_string()) {
      try {
        n = parse_u64(v.get<std::string>(), name);
      } catch (const error&) {
        const std::string& t = v.get<std::string>();
        if (!t.empty() && t.find_first_not_of("0123456789") == std::string::npos) over();  // beyond 64 bits
        wrong(shown);
      }
    } else if (v.is_number_float() && v.get<double>() >= 1.8446744073709552e19) {
      over();
    } else {
      wrong(v.is_number() ? shown : type_of(v));
    }
    if (n > max) over();
    if (n < min) wrong(shown);
    return n;
  }

  /// A job's id, as the API answers it ("job": "2") or as a JSON number (2).
  std::string id_text(std::string_view key) const {
    if (has(key) && body_[std::string(key)].is_number()) return std::to_string(number(key, 0, 1, UINT64_MAX));
    return required_text(key);
  }

  bool flag(std::string_view key) const {
    if (!has(key)) return false;
    const json& v = body_[std::string(key)];
    if (!v.is_boolean()) refuse(400, std::string(key) + ": expected true or false, got " + type_of(v));
    return v.get<bool>();
  }

  const json& raw(std::string_view key) const { return body_[std::string(key)]; }

 private:
  static std::string type_of(const json& v) {
    if (v.is_string()) return "a string";
    if (v.is_number()) return "a number";
    if (v.is_boolean()) return "true or false";
    if (v.is_array()) return "an array";
    if (v.is_object()) return "an object";
    return "null";
  }

  static std::string example(std::string_view key) {
    if (key == "game") return "mock-turtles";
    if (key == "position") return "HTTH";
    if (key == "size") return "8x8";
    if (key == "heads") return "3,10-20";
    if (key == "format") return "svg";
    if (key == "job") return "1";
    return "...";
  }

  std::string_view endpoint_;
  json body_;
};

/// The engine reads no file, but the CLI's GAME may be @FILE: the explorer serves no file of the machine, so such a
/// game is refused here rather than looked up.
std::string game_text(const request_fields& f) {
  std::string text = f.required_text("game");
  if (text.find('@') != std::string::npos) {
    refuse(400, "game " + tartan::quote_typed(text) +
                    " names a file (@FILE); the explorer reads no files, so type the game itself, e.g. 1-3 or "
                    "ruler*ruler");
  }
  return text;
}

/// A limit_error's message with the advice said for the explorer: how to start it with a larger limit.
std::string limit_message(const limit_error& e, const api_limits& limits) {
  return present::limit_message(e, {limits.raise_memory, limits.raise_seconds});
}

api_reply json_reply(const std::string& text) { return {200, "application/json", text + "\n"}; }

api_reply svg_reply(const std::function<void(std::ostream&)>& write) {
  std::ostringstream out;
  write(out);
  return {200, "image/svg+xml", out.str()};
}

/// "json" or "svg" (the picture `--svg` draws).
bool wants_svg(const request_fields& f) {
  const std::string format = f.text("format");
  if (format.empty() || format == "json") return false;
  if (format == "svg") return true;
  refuse(400, "format: " + tartan::quote_typed(format) + " is not a format; type \"json\" (the default) or \"svg\"");
}

analyze_options question_limits(const api_limits& limits) {
  analyze_options options;
  options.max_memory = memory_limit_or_default(limits.max_memory);
  options.max_seconds = limits.max_seconds;
  return options;
}

/// The position fields shared by analyze and play: the CLI's POSITION, --coins, --size, --heads, --all-heads.
position_text position_of(const request_fields& f, const std::string& game) {
  position_text p;
  p.game = game;
  p.position = f.text("position");
  p.coins = f.count_text("coins");
  p.size = f.text("size");
  p.heads = f.text("heads");
  p.heads_given = f.has("heads");  // "" lists no heads: every coin tails
  p.all_heads = f.flag("all_heads");
  return p;
}

/// Refuses a position or sum of more than limits.max_listed_heads heads coins, for a question that visits them
/// (analysis, play), so that no request holds a worker for hours. `whole`: "position" or "sum".
void refuse_many_heads(uint128 heads, const std::string& whole, const api_limits& limits) {
  if (heads > limits.max_listed_heads) {
    refuse(422, "the " + whole + " has " + to_decimal(heads) + " heads coins; the explorer lists at most " +
                    std::to_string(limits.max_listed_heads) +
                    " one by one; add \"count\": true to count the winning moves without listing them, or use "
                    "tartan analyze");
  }
}

/// The heads of `region` listed coin by coin (refuse_many_heads), for the play of a position.
box_position listed_position(const box_region& region, const api_limits& limits) {
  refuse_many_heads(region.head_count(), "position", limits);
  const std::uint64_t max_memory = memory_limit_or_default(limits.max_memory);
  try {
    return region.to_position(max_memory);
  } catch (const limit_error& e) {
    throw limit_error(e.problem(), "add \"count\": true to count the winning moves without listing them", e.figures());
  }
}

/// The heaps of "heaps" as JSON gives them: an array of sizes, [5, 7, 9], or their text as --heaps takes it, "5,7,9";
/// `what` names the field in messages.
std::vector<heap_size> heaps_of(const json& v, const std::string& what, const api_limits& limits);

/// The terms of a sum, "terms": [{"game": "mock-turtles", "position": "HTTH"}, {"game": "ruler", "position":
/// "1000=3,10-20"}, {"game": "kayles", "heaps": [3, 4]}], each position drawn or SIZE=HEADS as the CLI's sums take
/// them, or heaps of a take-and-break game (analysis_request.hpp).
std::vector<sum_term> sum_terms(const request_fields& f, const api_limits& limits) {
  const json& list = f.raw("terms");
  const std::string example =
      "e.g. \"terms\": [{\"game\": \"mock-turtles\", \"position\": \"HTTH\"}, {\"game\": \"kayles\", "
      "\"heaps\": [3, 4]}]";
  if (!list.is_array() || list.empty()) {
    refuse(400,
           "terms: give the positions of the sum as an array of {\"game\", \"position\"} or {\"game\", "
           "\"heaps\"}; " +
               example);
  }
  std::vector<sum_term> terms;
  for (const json& item : list) {
    const std::string term = "terms[" + std::to_string(terms.size()) + "]";
    const bool heaps = item.is_object() && item.contains("heaps");
    if (!item.is_object() || item.size() != 2 || !item.contains("game") || !item["game"].is_string() ||
        (!heaps && (!item.contains("position") || !item["position"].is_string()))) {
      refuse(400, term +
                      ": give {\"game\": ..., \"position\": ...}, both strings, or {\"game\": ..., \"heaps\": "
                      "[...]}; " +
                      example);
    }
    const std::string game = item["game"].get<std::string>();
    if (game.find('@') != std::string::npos) {
      refuse(400, term + ": game " + tartan::quote_typed(game) +
                      " names a file (@FILE); the explorer reads no files, so type the game itself, e.g. 1-3");
    }
    game_handle handle = games::resolve_game(game);
    if (heaps) {
      terms.push_back(heap_term(handle, heaps_of(item["heaps"], term + ".heaps", limits), terms.size()));
    } else {
      terms.push_back(parse_sum_term(item["position"].get<std::string>(), handle, terms.size()));
    }
  }
  return terms;
}

/// The text a printer writes (one JSON object on one line), without its line break.
template <class Print>
std::string printed(Print print) {
  std::ostringstream out;
  print(out);
  std::string text = out.str();
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

/// POST /api/games: `tartan games --json`.
api_reply games(std::string_view body) {
  const request_fields f(body, "games", {});
  const auto list = games::builtin_games();
  const auto heap_games = games::take_break_games();
  std::vector<std::vector<grundy_value>> values, heap_values;
  for (const games::game_info& info : list) values.push_back(games::find_game(info.name).sequence(games_listed_values));
  for (const games::game_info& info : heap_games) {
    heap_values.push_back(games::find_game(info.name).sequence(games_listed_values));
  }
  auto out = games_json(list, values);
  out["take_and_break"] = games_json(heap_games, heap_values).at("games");
  return json_reply(out.dump());
}

/// POST /api/sequence: `tartan seq GAME N --json [--period] [--from K]`, or the picture of `--svg`.
api_reply sequence(std::string_view body, const api_limits& limits) {
  const request_fields f(body, "sequence", {"game", "count", "period", "format", "from"});
  const std::string text = game_text(f);
  sequence_request request{games::resolve_game(text)};
  if (request.game.is_product()) {
    refuse(400, tartan::quote_typed(text) + " is a product of " + std::to_string(request.game.dimensions()) +
                    " games: its values form a table; ask /api/table with a size, e.g. {\"game\": " +
                    json(text).dump() + ", \"size\": \"8x8\"}");
  }
  if (!f.has("count")) refuse(400, "/api/sequence needs \"count\", how many values: g(0) .. g(count-1); e.g. 64");
  request.count = static_cast<std::size_t>(f.number("count", 0, 1, limits.max_sequence_values));
  const bool period = f.flag("period");
  const bool svg = wants_svg(f);
  // "from": g(from..from+count-1), past a proven period anywhere below 2^64 (as seq --from).
  request.first = f.number("from", 0, 0, UINT64_MAX);
  if (request.first != 0 && (period || svg)) {
    const std::string whole = period ? "\"period\"" : "\"format\": \"svg\"";
    refuse(400, "\"from\" starts the values at g(from), but " + whole +
                    " takes g(0..count-1); leave out \"from\", or " + whole);
  }
  request.keep_values = period || svg;  // values past a proven period are streamed, not kept
  request.max_memory = memory_limit_or_default(limits.max_memory);
  request.max_seconds = limits.max_seconds;
  std::ostringstream out;
  value_writer writer(out, seq_format::json, 0, request.first);
  request.on_values = [&](std::span<const grundy_value> values) { writer.write(values); };
  writer.begin(request.game);
  const sequence_result result = compute_sequence(request);
  if (result.time_limit) throw *result.time_limit;
  if (svg) {
    const svg::scatter_plot plot = sequence_picture(request.game.name(), result.values.to_vector());
    return svg_reply([&](std::ostream& o) { svg::write_scatter_plot(o, plot); });
  }
  nlohmann::ordered_json pattern;
  if (period) pattern = pattern_json(result.values.to_vector(), request.game.row_game());
  writer.end("", pattern, result.seconds, result.continuation.get());
  return {200, "application/json", out.str()};
}

/// A heap size as JSON gives it: a whole number, or its decimal digits as a string (past 2^53, where readers of JSON
/// numbers as doubles round them); nullopt for anything else.
std::optional<heap_size> heap_size_of(const json& v) {
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_string()) {
    try {
      return parse_u64(v.get<std::string>(), "heap");
    } catch (const parse_error&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::vector<heap_size> heaps_of(const json& v, const std::string& what, const api_limits& limits) {
  if (v.is_string()) return parse_heaps(v.get<std::string>());
  if (!v.is_array()) {
    refuse(400, what + ": expected an array of heap sizes such as [5, 7, 9], got " + v.dump().substr(0, 40));
  }
  if (v.size() > limits.max_listed_heads) {
    refuse(422, what + ": " + std::to_string(v.size()) + " heaps; the explorer takes at most " +
                    std::to_string(limits.max_listed_heads));
  }
  std::vector<heap_size> heaps;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::optional<heap_size> h = heap_size_of(v[i]);
    if (!h) {
      refuse(400, what + " item " + std::to_string(i + 1) + ": " + v[i].dump().substr(0, 40) +
                      " is not a heap size; give sizes such as [5, 7, 9] (whole numbers up to 18446744073709551615, "
                      "as strings past 2^53)");
    }
    heaps.push_back(*h);
  }
  return heaps;
}

/// The heaps of the request's "heaps".
std::vector<heap_size> heaps_of(const request_fields& f, const api_limits& limits) {
  return heaps_of(f.raw("heaps"), "heaps", limits);
}

/// POST /api/analyze with "heaps": `tartan analyze GAME --heaps 5,7,9 --json`.
api_reply analyze_heaps(const request_fields& f, const api_limits& limits) {
  for (const std::string_view key : {"position", "coins", "size", "heads", "all_heads", "terms", "options"}) {
    if (f.has(key)) {
      refuse(400, "\"heaps\" gives the whole position as heaps; leave out \"" + std::string(key) +
                      "\", which is for coins: e.g. {\"game\": \"kayles\", \"heaps\": [5, 7, 9]}");
    }
  }
  analysis_request request;
  request.terms.push_back({games::resolve_game(game_text(f)), box_region()});
  request.heaps = heaps_of(f, limits);
  request.misere = f.flag("misere");
  request.count = f.flag("count");
  if (!request.count) {
    request.limit = static_cast<std::size_t>(f.number("limit", 10, max_listed_options));
    request.offset = static_cast<std::size_t>(f.number("offset", 0, UINT32_MAX));
  }
  request.max_memory = memory_limit_or_default(limits.max_memory);
  request.max_seconds = limits.max_seconds;
  request.count_option = "\"count\": true";
  const analysis_report report = answer(request);
  if (request.misere) {
    nlohmann::ordered_json out =
        misere_heap_analysis_json(*report.misere_heaps, report.heap_moves, report.misere_move_count, request.count);
    if (!report.where.empty()) {
      out["complete"] = false;
      out["stopped"] = report.where;
    }
    return json_reply(out.dump());
  }
  const std::optional<uint128> counted = report.where.empty() ? report.heap_move_count : std::nullopt;
  nlohmann::ordered_json out = heap_analysis_json(*report.heap_position, report.heap_moves, counted);
  if (!report.where.empty()) {
    out["complete"] = false;
    out["stopped"] = report.where;
  }
  return json_reply(out.dump());
}

/// POST /api/analyze: `tartan analyze GAME POSITION --json` with the same options, or a sum's ("terms").
api_reply analyze(std::string_view body, const api_limits& limits) {
  const request_fields f(body, "analyze",
                         {"game", "position", "coins", "size", "heads", "all_heads", "terms", "count", "limit",
                          "offset", "options", "heaps", "misere"});
  if (f.has("heaps")) return analyze_heaps(f, limits);
  analysis_request request;
  request.sum = f.has("terms");
  if (request.sum) {
    for (const std::string_view key : {"game", "position", "coins", "size", "heads", "all_heads"}) {
      if (f.has(key)) {
        refuse(400, "\"terms\" gives the positions of a sum; give either terms or one game and position, not \"" +
                        std::string(key) + "\" as well");
      }
    }
    if (f.has("options")) {
      refuse(400, "options lists the options of one position; leave it out of a sum, or analyze a term alone");
    }
    request.terms = sum_terms(f, limits);
  } else {
    const std::string text = game_text(f);
    game_handle game = games::resolve_game(text);
    box_region region = read_region(position_of(f, text), game);
    request.terms.push_back({std::move(game), std::move(region)});
  }
  request.count = f.flag("count");
  request.misere = f.flag("misere");
  if (request.count && f.has("options")) {
    refuse(400,
           "count counts the winning moves without listing any move, so it lists no options; leave out one "
           "of them");
  }
  if (!request.count) {
    request.limit = static_cast<std::size_t>(f.number("limit", 10, max_listed_options));
    request.offset = static_cast<std::size_t>(f.number("offset", 0, UINT32_MAX));
    if (f.has("options")) request.options = static_cast<std::size_t>(f.number("options", 0, max_listed_options));
    uint128 heads = 0;
    for (const sum_term& t : request.terms) heads += t.position.head_count();
    refuse_many_heads(heads, request.sum ? "sum" : "position", limits);
  }
  request.max_memory = memory_limit_or_default(limits.max_memory);
  request.max_seconds = limits.max_seconds;
  request.count_option = "\"count\": true";
  const analysis_report report = answer(request);
  if (request.misere) {
    nlohmann::ordered_json out = request.sum ? misere_sum_analysis_json(*report.misere_sum, report.sum_winning_moves,
                                                                        report.misere_move_count, request.count)
                                             : misere_analysis_json(*report.misere_position, report.winning_moves,
                                                                    report.misere_move_count, request.count);
    if (!report.where.empty()) {
      out["complete"] = false;
      out["stopped"] = report.where;
    }
    return json_reply(out.dump());
  }
  const sum_term& first = request.terms.front();
  if (request.count && request.sum) {
    return json_reply(printed([&](std::ostream& o) { print_sum_count_json(o, request.terms, *report.sum_count); }));
  }
  if (request.count) return json_reply(move_count_json(first.game, first.position, *report.count));
  if (request.sum) {
    return json_reply(printed(
        [&](std::ostream& o) { print_sum_analysis_json(o, *report.sum, report.sum_winning_moves, report.where); }));
  }
  nlohmann::ordered_json json = analysis_json(*report.position, report.winning_moves, report.options);
  // A search stopped by the time limit: what was found, and where it stopped (as the CLI's --json).
  if (!report.where.empty()) {
    json["complete"] = false;
    json["stopped"] = report.where;
  }
  return json_reply(json.dump());
}

/// POST /api/table: `tartan table GAME --size RxC --json`, or the heat map of `--svg`.
api_reply table(std::string_view body, const api_limits& limits) {
  const request_fields f(body, "table", {"game", "size", "format"});
  const tartan_game game(games::find_factors(game_text(f)));
  const box_extents extents = parse_board_size(f.required_text("size"));
  const bool svg = wants_svg(f);
  const std::uint64_t memory = memory_limit_or_default(limits.max_memory);
  game.check_table(extents, memory);
  if (svg && !svg::fits(extents)) {
    refuse(422, "the heat map draws boards RxC and boxes AxBxC of at most " + std::to_string(svg::max_cells) +
                    " cells (A at most " + std::to_string(svg::max_layers) + "); ask for a smaller size than " +
                    format_size(extents));
  }
  if (!svg && cell_count(extents) > limits.max_table_cells) {
    refuse(422, "a table of " + format_size(extents) + " has " + std::to_string(cell_count(extents)) +
                    " cells; the explorer answers with at most " + std::to_string(limits.max_table_cells) +
                    " (e.g. 1024x1024); use tartan table for larger ones");
  }
  const std::vector<grundy_value> values = game.table(extents, memory, limits.max_seconds);
  if (svg) {
    const svg::heat_map map = table_picture(game, extents, values);
    return svg_reply([&](std::ostream& o) { svg::write_heat_map(o, map); });
  }
  return json_reply(table_json(extents, values).dump());
}

/// {"job", "status", "progress"[, "stopped"], "result"} of a job, "result" the report as `verify --json` gives it.
nlohmann::ordered_json job_json(const job_snapshot& s) {
  nlohmann::ordered_json out;
  out["job"] = s.id;
  out["status"] = job_state_name(s.state);
  out["progress"] = s.progress;
  if (!s.stopped.empty()) out["stopped"] = s.stopped;
  if (s.report) {
    verify_report shown = *s.report;
    if (shown.first_mismatches.size() > s.listed) shown.first_mismatches.resize(s.listed);
    out["result"] = verify_json(shown, false);
  }
  if (s.state == job_state::failed) out["error"] = s.error;
  return out;
}

/// POST /api/verify: starts `tartan verify GAME --size RxC` as a job.
api_reply verify(std::string_view body, const api_limits& limits, verify_jobs& jobs) {
  const request_fields f(body, "verify", {"game", "size", "threads", "limit"});
  const tartan_game game(games::find_factors(game_text(f)));
  const box_extents extents = parse_board_size(f.required_text("size"));
  game.check_extents(extents);
  verify_options options;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  options.threads = static_cast<unsigned>(f.number("threads", 1, 1, cores));
  options.memory_limit = memory_limit_or_default(limits.max_memory);
  options.max_seconds = limits.max_seconds;
  const std::size_t listed = static_cast<std::size_t>(f.number("limit", 10, 1000));
  const std::string id = jobs.start(game, extents, options, listed);
  const std::optional<job_snapshot> started = jobs.read(id);
  if (!started) refuse(503, "verification " + id + " was forgotten as soon as it started; too many ran since");
  return {202, "application/json", job_json(*started).dump() + "\n"};
}

job_snapshot find_job(const request_fields& f, verify_jobs& jobs) {
  const std::string id = f.id_text("job");
  std::optional<job_snapshot> s = jobs.read(id);
  if (!s) {
    refuse(404, "no verification " + tartan::quote_typed(id) +
                    " (finished ones are kept for a while, the latest 32); start one with /api/verify");
  }
  return *s;
}

/// POST /api/verify/status: the job's progress, and its report once it has ended.
api_reply verify_status(std::string_view body, verify_jobs& jobs) {
  const request_fields f(body, "verify/status", {"job"});
  return json_reply(job_json(find_job(f, jobs)).dump());
}

/// POST /api/verify/cancel: stops the job at its next progress point; the report covers the cells done.
api_reply verify_cancel(std::string_view body, verify_jobs& jobs) {
  const request_fields f(body, "verify/cancel", {"job"});
  const job_snapshot s = find_job(f, jobs);
  jobs.cancel(s.id);
  jobs.wait(s.id, std::chrono::milliseconds(2000));
  const std::optional<job_snapshot> after = jobs.read(s.id);
  return json_reply(job_json(after ? *after : s).dump());
}

/// POST /api/verify/svg: the picture of `verify --svg` for an ended job.
api_reply verify_svg(std::string_view body, verify_jobs& jobs) {
  const request_fields f(body, "verify/svg", {"job"});
  const job_snapshot s = find_job(f, jobs);
  if (s.state != job_state::done || !s.report) {
    refuse(409, "verification " + s.id + " is " + job_state_name(s.state) +
                    "; its picture is drawn once it has checked the whole box");
  }
  if (!s.drawable) {
    refuse(422, "the picture draws boards RxC and boxes AxBxC of at most " + std::to_string(svg::max_cells) +
                    " cells; this box is " + format_size(s.report->extents));
  }
  const svg::agreement_picture picture = verify_picture(*s.report, "");
  return svg_reply([&](std::ostream& o) { svg::write_agreement(o, picture); });
}

/// A move as move_json writes it: [coins] on a row, {"rows", "cols"} on a board, {"axes"} on a box.
move move_of(const json& m) {
  const auto axis = [](const json& a, const char* what) {
    if (!a.is_array() || a.empty()) {
      refuse(400, std::string("move: ") + what + " must be a non-empty array of coin numbers, e.g. [0, 3]");
    }
    std::vector<coin> coins;
    for (const json& c : a) {
      if (!c.is_number_unsigned() || c.get<std::uint64_t>() > UINT32_MAX) {
        refuse(400,
               std::string("move: ") + what + " holds " + c.dump() + ", not a coin number; coins are 0, 1, 2, ...");
      }
      coins.push_back(static_cast<coin>(c.get<std::uint64_t>()));
    }
    return coins;
  };
  move out;
  if (m.is_array()) {
    out.axes.push_back(axis(m, "a row's move"));
  } else if (m.is_object() && m.contains("rows") && m.contains("cols") && m.size() == 2) {
    out.axes.push_back(axis(m["rows"], "rows"));
    out.axes.push_back(axis(m["cols"], "cols"));
  } else if (m.is_object() && m.contains("axes") && m.size() == 1 && m["axes"].is_array()) {
    for (const json& a : m["axes"]) out.axes.push_back(axis(a, "each axis"));
  } else {
    refuse(400,
           "move: give the coins turned, [0, 3] on a row, {\"rows\": [1, 4], \"cols\": [2, 5]} on a board, or "
           "{\"axes\": [[...], [...], [...]]} on a box");
  }
  return out;
}

/// The convention of a request to /api/play: "misere": true plays misère play (the last player to move loses).
play_convention convention_of(const request_fields& f) {
  return f.flag("misere") ? play_convention::misere : play_convention::normal;
}

/// Whether the engine answers in a request to /api/play: "reply": false makes no engine move, so a game the person
/// starts is shown (over or not, its hint) before the first move.
bool replies(const request_fields& f) { return !f.has("reply") || f.flag("reply"); }

/// A heap move as heap_move_json writes it, {"take": 2, "from": 7, "leaving": [1, 4]} ("text" allowed and not
/// read), or its words as a person types them, "take 2 from 7 leaving 1 4" (parse_heap_move).
heap_move heap_move_of(const json& m) {
  const std::string example =
      "give a heap move as {\"take\": 2, \"from\": 7, \"leaving\": [1, 4]} or as words, \"take 2 from 7 leaving 1 "
      "4\"";
  if (m.is_string()) return parse_heap_move(m.get<std::string>());
  const auto size = [&](const json& v, const char* what) {
    const std::optional<heap_size> h = heap_size_of(v);
    if (!h) {
      refuse(400,
             std::string("move: ") + what + " is " + v.dump().substr(0, 40) + ", not a number of tokens; " + example);
    }
    return *h;
  };
  if (!m.is_object() || !m.contains("take") || !m.contains("from") || !m.contains("leaving") ||
      !m["leaving"].is_array()) {
    refuse(400, "move: " + example);
  }
  for (const auto& [key, value] : m.items()) {
    if (key != "take" && key != "from" && key != "leaving" && key != "text") {
      refuse(400, "move: a heap move has no field " + tartan::quote_typed(key) + "; " + example);
    }
  }
  heap_move out;
  const heap_size take = size(m["take"], "take");
  if (take > take_break_code::max_digits) {
    refuse(400, "move: take " + std::to_string(take) + ": no code takes more than " +
                    std::to_string(take_break_code::max_digits) + " tokens at once; " + example);
  }
  out.take = static_cast<coin>(take);
  out.from = size(m["from"], "from");
  for (const json& h : m["leaving"]) out.leaving.push_back(size(h, "a heap left"));
  return out;
}

/// POST /api/play with "heaps": the person's heap move, if any, and the engine's reply (heap_play.hpp), answered
/// with the heaps and every move's value before and after it (heap_play_json).
api_reply play_heaps(const request_fields& f, const api_limits& limits) {
  for (const std::string_view key : {"position", "coins", "size", "heads", "all_heads"}) {
    if (f.has(key)) {
      refuse(400, "\"heaps\" gives the whole start as heaps; leave out \"" + std::string(key) +
                      "\", which is for coins: e.g. {\"game\": \"kayles\", \"heaps\": [5, 7, 9]}");
    }
  }
  const game_handle game = games::resolve_game(game_text(f));
  const std::vector<heap_size> heaps = heaps_of(f, limits);
  const std::uint64_t seed = f.number("seed", 0, UINT64_MAX);
  const bool person_moves = f.has("move");
  heap_play_session session(game, heaps, person_moves || !replies(f) ? player::person : player::engine, seed,
                            question_limits(limits), convention_of(f));
  if (person_moves) {
    const heap_move m = heap_move_of(f.raw("move"));
    if (session.over()) refuse(400, "the game is over: no heap can move; start another game");
    const std::string reason = session.illegal_reason(m);
    if (!reason.empty()) refuse(400, reason);
    session.play(m);
  }
  if (replies(f) && !session.over()) session.engine_move();
  std::optional<heap_move> hint;
  if (f.flag("hint") && !session.over()) hint = session.hint();
  return json_reply(heap_play_json(session, hint).dump());
}

/// POST /api/play with "terms": a sum (sum_play.hpp), the person's move {"term": 1, "move": ...} (the move as for a
/// position of coins, or a heap move), and the engine's reply.
api_reply play_sum(const request_fields& f, const api_limits& limits) {
  for (const std::string_view key : {"game", "position", "coins", "size", "heads", "all_heads", "heaps"}) {
    if (f.has(key)) {
      refuse(400, "\"terms\" gives the positions of a sum; give either terms or one game and position, not \"" +
                      std::string(key) + "\" as well");
    }
  }
  std::vector<sum_term> terms = sum_terms(f, limits);
  uint128 heads = 0;
  for (const sum_term& t : terms) heads += t.position.head_count();
  refuse_many_heads(heads, "sum", limits);
  const std::uint64_t seed = f.number("seed", 0, UINT64_MAX);
  const bool person_moves = f.has("move");
  sum_play_session session(std::move(terms), person_moves || !replies(f) ? player::person : player::engine, seed,
                           question_limits(limits), convention_of(f));
  std::vector<played_sum_move> made;
  if (person_moves) {
    const json& m = f.raw("move");
    if (!m.is_object() || m.size() != 2 || !m.contains("term") || !m.contains("move") ||
        !m["term"].is_number_unsigned()) {
      refuse(400,
             "move: give the term and its move, {\"term\": 1, \"move\": [0, 3]} or {\"term\": 0, \"move\": "
             "\"take 2 from 7 leaving 1 4\"}");
    }
    sum_move played;
    played.term = static_cast<std::size_t>(m["term"].get<std::uint64_t>());
    if (played.term < session.terms().size() && session.terms()[played.term].is_heaps()) {
      played.heap = heap_move_of(m["move"]);
    } else {
      played.coins = move_of(m["move"]);
    }
    if (session.over()) refuse(400, "the game is over: no term has a move; start another game");
    const std::string reason = session.illegal_reason(played);
    if (!reason.empty()) refuse(400, reason);
    session.play(played);
    made.push_back(session.history().back());
  }
  if (replies(f) && !session.over()) {
    session.engine_move();
    made.push_back(session.history().back());
  }
  std::optional<sum_move> hint;
  if (f.flag("hint") && !session.over()) hint = session.hint();
  return json_reply(sum_play_json(session, made, hint).dump());
}

/// POST /api/play: the person's move, if any, and the engine's reply (play.hpp); on heaps with "heaps", on a sum
/// with "terms".
api_reply play(std::string_view body, const api_limits& limits) {
  const request_fields f(body, "play",
                         {"game", "position", "coins", "size", "heads", "all_heads", "move", "seed", "hint", "heaps",
                          "reply", "misere", "terms"});
  if (f.has("terms")) return play_sum(f, limits);
  if (f.has("heaps")) return play_heaps(f, limits);
  const std::string text = game_text(f);
  const game_handle game = games::resolve_game(text);
  const analyze_options options = question_limits(limits);
  const box_position start = listed_position(read_region(position_of(f, text), game), limits);
  const std::uint64_t seed = f.number("seed", 0, UINT64_MAX);
  const bool person_moves = f.has("move");
  play_session session(game, start, person_moves || !replies(f) ? player::person : player::engine, seed, options,
                       convention_of(f));
  std::vector<played_move> made;
  if (person_moves) {
    const move m = move_of(f.raw("move"));
    if (session.over()) refuse(400, "the game is over: no heads coin can move; start another position");
    const std::string reason = session.illegal_reason(m);
    if (!reason.empty()) refuse(400, reason);
    session.play(m);
    made.push_back({m, player::person});
  }
  if (replies(f) && !session.over()) made.push_back({session.engine_move(), player::engine});
  std::optional<move> hint;
  if (f.flag("hint") && !session.over()) hint = session.hint();
  return json_reply(play_json(session, made, hint).dump());
}

/// POST /api/quotient: `tartan quotient GAME --heaps N --json` (or --coins N, the rows of a 1-D game), or its picture
/// (--svg); with "position", the class and outcome of heaps (rows) through the same quotient.
api_reply quotient(std::string_view body, const api_limits& limits) {
  const request_fields f(body, "quotient", {"game", "heaps", "coins", "max_order", "format", "strip", "position"});
  const std::string text = game_text(f);
  const game_handle game = games::resolve_game(text);
  if (f.has("heaps") && f.has("coins")) {
    refuse(400, "\"heaps\" and \"coins\" both give the bound; give \"heaps\": N for heaps or \"coins\": N for rows");
  }
  const bool rows = f.has("coins");
  if (rows && game.is_product()) {
    refuse(400, "coins: " + tartan::quote_typed(text) +
                    " is a product, whose positions are boards; give a 1-D game, such as turtles");
  }
  quotient_options options;
  options.max_order = static_cast<std::uint32_t>(f.number("max_order", 4096, 2, 65536));
  options.max_memory = memory_limit_or_default(limits.max_memory);
  options.max_seconds = limits.max_seconds;
  const bool svg = wants_svg(f);
  const std::uint64_t last = f.number("strip", quotient_strip_default, 0, svg::max_quotient_strip - 1);
  const auto began = std::chrono::steady_clock::now();
  const misere_quotient q =
      rows ? build_row_quotient(game.row_game(),
                                static_cast<coin>((coin{1} << f.number("coins", 0, 1, max_quotient_row_coins)) - 1),
                                options)
           : build_misere_quotient(heap_rule(game), static_cast<coin>(f.number("heaps", 100, 0, max_quotient_bound)),
                                   options);
  if (svg) {
    const svg::quotient_picture picture = quotient_picture(q, game.name(), static_cast<coin>(last));
    return svg_reply([&](std::ostream& o) { svg::write_quotient(o, picture); });
  }
  nlohmann::ordered_json out = quotient_json(q, game.name());
  out["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();  // as the CLI's
  if (f.has("position")) {
    // Heaps as for /api/analyze ([3, 4, 4] or "3,4,4"), or rows as their bitmasks or drawn ("HTH").
    const json& given = f.raw("position");
    std::vector<coin> parts;
    if (rows) {
      if (!given.is_array()) refuse(400, "position: give rows as an array, [\"HTH\", \"HH\"] or [5, 3]");
      for (const json& r : given) {
        if (r.is_number_unsigned() && r.get<std::uint64_t>() <= q.bound()) {
          parts.push_back(static_cast<coin>(r.get<std::uint64_t>()));
        } else if (r.is_string()) {
          const row_position p = parse_row(r.get<std::string>());
          std::uint64_t mask = 0;
          for (const coin c : p.heads) mask = c < 63 ? mask | std::uint64_t{1} << c : UINT64_MAX;
          if (mask > q.bound())
            refuse(422, "position: row " + tartan::quote_typed(r.get<std::string>()) +
                            " is past the quotient's rows, up to " + q.component_text(q.bound()));
          parts.push_back(static_cast<coin>(mask));
        } else {
          refuse(400, "position: " + r.dump().substr(0, 40) + " is not a row of the quotient (up to " +
                          q.component_text(q.bound()) + ")");
        }
      }
    } else {
      for (const heap_size h : heaps_of(given, "position", limits)) {
        if (!q.covers(h > UINT32_MAX ? UINT32_MAX : static_cast<coin>(h)) || h > UINT32_MAX) {
          refuse(422, "position: the quotient covers heaps up to " + std::to_string(q.bound()) +
                          (q.period() ? "" : " (no period proven)") + "; heap " + std::to_string(h) + " is past it");
        }
        parts.push_back(static_cast<coin>(h));
      }
    }
    nlohmann::ordered_json position;
    auto listed = nlohmann::ordered_json::array();
    auto classes = nlohmann::ordered_json::array();
    for (const coin c : parts) {
      listed.push_back(rows ? nlohmann::ordered_json(q.component_text(c)) : nlohmann::ordered_json(c));
      classes.push_back(q.name(q.image(c)));
    }
    position[rows ? "rows" : "heaps"] = std::move(listed);
    position["classes"] = std::move(classes);
    const quotient_element x = q.element_of(parts);
    position["class"] = q.name(x);
    position["outcome"] = std::string(1, q.is_p(x) ? 'P' : 'N');
    out["position"] = std::move(position);
  }
  return json_reply(out.dump());
}

}  // namespace

api_reply error_reply(int status, const std::string& message) {
  nlohmann::ordered_json out;
  out["error"] = message;
  // Messages quote what was typed; should a byte of it not be UTF-8, it is replaced rather than failing the reply.
  return {status, "application/json",
          out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n"};
}

std::string explorer_api::endpoint_list() {
  std::string list;
  for (const std::string_view e : endpoints) list += (list.empty() ? "" : ", ") + std::string(e);
  return list;
}

explorer_api::explorer_api(api_limits limits, job_watcher watcher)
    : limits_(limits),
      jobs_(limits.max_running_jobs, limits.max_kept_jobs, limits.max_seconds, limits.raise_seconds,
            watcher ? job_observer([watcher](const job_snapshot& s) { return watcher(job_json(s).dump()); })
                    : job_observer()) {}

namespace {

/// Whether the request asks for the integers of 2^53 or more as strings ({"big_as_strings": true}); read once the
/// endpoint has accepted the request, so the body is a JSON object and the field, if any, true or false.
bool asks_big_as_strings(std::string_view body) {
  if (body.find(big_as_strings_field) == std::string_view::npos) return false;
  const json request = json::parse(body, nullptr, false);
  const auto field = request.is_object() ? request.find(std::string(big_as_strings_field)) : request.end();
  return field != request.end() && field->is_boolean() && field->get<bool>();
}

}  // namespace

api_reply explorer_api::handle(std::string_view endpoint, std::string_view body) {
  api_reply reply = answer(endpoint, body);
  if (reply.status < 300 && reply.content_type == "application/json" && asks_big_as_strings(body)) {
    reply.body = big_integers_as_strings(reply.body);
  }
  return reply;
}

api_reply explorer_api::answer(std::string_view endpoint, std::string_view body) {
  try {
    if (endpoint == "games") return games(body);
    if (endpoint == "sequence") return sequence(body, limits_);
    if (endpoint == "analyze") return analyze(body, limits_);
    if (endpoint == "table") return table(body, limits_);
    if (endpoint == "verify") return verify(body, limits_, jobs_);
    if (endpoint == "verify/status") return verify_status(body, jobs_);
    if (endpoint == "verify/cancel") return verify_cancel(body, jobs_);
    if (endpoint == "verify/svg") return verify_svg(body, jobs_);
    if (endpoint == "play") return play(body, limits_);
    if (endpoint == "quotient") return quotient(body, limits_);
    return error_reply(404, "no endpoint " + tartan::quote_typed("/api/" + std::string(endpoint)) +
                                "; the endpoints under /api/ are " + endpoint_list() + " (docs/explorer.md)");
  } catch (const request_error& e) {
    return error_reply(e.status, e.message);
  } catch (const busy_error& e) {
    return error_reply(429, e.what());
  } catch (const limit_error& e) {
    return error_reply(422, limit_message(e, limits_));
  } catch (const overflow_error& e) {
    return error_reply(422, e.what());
  } catch (const error& e) {
    return error_reply(400, e.what());
  } catch (const std::bad_alloc&) {
    return error_reply(422, "out of memory; try a smaller size");
  } catch (const std::exception& e) {
    return error_reply(500, std::string("unexpected failure: ") + e.what() + "; please report the request");
  }
}

}  // namespace tartan::explorer
