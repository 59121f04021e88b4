#include "tartan/present/json_output.hpp"

#include <algorithm>
#include <functional>
#include <iostream>
#include <utility>

#include "tartan/core/error.hpp"
#include "tartan/core/int128.hpp"
#include "tartan/product/box_cells.hpp"

namespace tartan::present {

nlohmann::ordered_json move_json(const move& m) {
  if (m.dimensions() == 1) return nlohmann::ordered_json(m.coins());
  if (m.dimensions() == 2) return {{"rows", m.rows()}, {"cols", m.cols()}};
  return {{"axes", m.axes}};
}

nlohmann::ordered_json heads_json(const box_position& p) {
  auto heads = nlohmann::ordered_json::array();
  for (std::size_t h = 0; h < p.head_count(); ++h) {
    const auto cell = p.head(h);
    if (cell.size() == 1) {
      heads.push_back(cell[0]);
    } else {
      heads.push_back(std::vector<coin>(cell.begin(), cell.end()));
    }
  }
  return heads;
}

nlohmann::ordered_json games_json(std::span<const games::game_info> games,
                                  const std::vector<std::vector<grundy_value>>& values) {
  nlohmann::ordered_json out;
  out["convention"] = "coins are numbered from 0; coin 0 is the leftmost coin";
  out["games"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < games.size(); ++i) {
    out["games"].push_back({{"name", games[i].name},
                            {"title", games[i].title},
                            {"code", games[i].code},
                            {"summary", games[i].summary},
                            {"values", values[i]}});
  }
  return out;
}

nlohmann::ordered_json term_json(const game_handle& game, const box_extents& extents) {
  nlohmann::ordered_json json;
  json["game"] = game.name();
  if (game.is_product()) {
    json["size"] = extents;
  } else {
    json["code"] = game.row_game().code();
    json["coins"] = extents[0];
  }
  return json;
}

nlohmann::ordered_json analysis_json(const analysis& a, const std::vector<move>& winning,
                                     const std::optional<option_page>& options) {
  nlohmann::ordered_json json = term_json(a.game(), a.position().extents());
  // The position analysed, as its heads coins (a row: coin numbers; a board: [row, column] pairs).
  json["position"] = heads_json(a.position());
  json["value"] = a.value();
  json["outcome"] = std::string(1, a.outcome());
  auto list = nlohmann::ordered_json::array();
  for (const move& m : winning) list.push_back(move_json(m));
  json["winning_moves"] = std::move(list);
  if (options) {
    auto listed = nlohmann::ordered_json::array();
    for (const option& o : options->listed) listed.push_back({{"move", move_json(o.turned)}, {"value", o.value}});
    json["options"] = std::move(listed);
    json["options_complete"] = options->complete;
  }
  return json;
}

std::string move_count_json(const game_handle& game, const box_region& region, const move_count_result& counted) {
  nlohmann::ordered_json json = term_json(game, region.extents());
  // nlohmann's integers stop at 2^64; the two counts are written as placeholders and then spelled out in full.
  json["heads"] = 0;
  json["value"] = counted.value;
  json["outcome"] = std::string(1, counted.value != 0 ? 'N' : 'P');
  json["winning_move_count"] = 0;
  std::string text = json.dump();
  const auto spell = [&](const std::string& key, uint128 number) {
    const std::string placeholder = "\"" + key + "\":0";
    text.replace(text.find(placeholder), placeholder.size(), "\"" + key + "\":" + to_decimal(number));
  };
  spell("heads", counted.heads);
  spell("winning_move_count", counted.winning_moves);
  return text;
}

nlohmann::json table_json(std::span<const std::size_t> extents, const std::vector<grundy_value>& table) {
  // 2-D: an array of rows; k dimensions: arrays nested k deep, the first coordinate outermost.
  const std::vector<std::size_t> stride = tartan::row_major_strides(extents);
  std::function<nlohmann::json(std::size_t, std::size_t)> nest = [&](std::size_t dim, std::size_t first) {
    nlohmann::json level = nlohmann::json::array();
    for (std::size_t i = 0; i < extents[dim]; ++i) {
      if (dim + 1 == extents.size()) {
        level.push_back(table[first + i]);
      } else {
        level.push_back(nest(dim + 1, first + i * stride[dim]));
      }
    }
    return level;
  };
  return nest(0, 0);
}

nlohmann::ordered_json verify_json(const verify_report& report, bool given) {
  nlohmann::ordered_json out;
  out["game"] = report.game;
  out["size"] = report.extents;
  out["checked"] = report.checked;
  out["mismatches"] = report.mismatches;
  auto list = nlohmann::ordered_json::array();
  for (const cell_mismatch& m : report.first_mismatches) {
    nlohmann::ordered_json item;
    item["cell"] = m.cell;
    item["direct"] = m.direct;
    item[given ? "given" : "theorem"] = m.expected;
    list.push_back(std::move(item));
  }
  out["first_mismatches"] = std::move(list);
  out["seconds"] = report.seconds;
  out["threads"] = report.threads;
  out["complete"] = report.complete;
  if (!report.where.empty()) out["stopped"] = report.where;
  return out;
}

nlohmann::ordered_json play_json(const play_session& session, const std::vector<played_move>& moves,
                                 const std::optional<move>& hint) {
  const auto side = [](player p) { return p == player::person ? "you" : "engine"; };
  const box_position& p = session.position();
  nlohmann::ordered_json json = term_json(session.game(), p.extents());
  auto made = nlohmann::ordered_json::array();
  for (const played_move& m : moves) made.push_back({{"by", side(m.by)}, {"move", move_json(m.move)}});
  json["moves"] = std::move(made);
  json["position"] = heads_json(p);
  if (p.dimensions() <= 2) json["text"] = p.text();
  // Misère play has no value: the outcome is the misère one, and "misere" says so.
  json["value"] = session.misere() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(session.value());
  json["outcome"] = std::string(1, session.outcome());
  if (session.misere()) json["misere"] = true;
  json["to_move"] = side(session.to_move());
  const bool over = session.over();
  json["over"] = over;
  json["winner"] = over ? nlohmann::ordered_json(side(session.winner())) : nlohmann::ordered_json(nullptr);
  json["hint"] = hint ? move_json(*hint) : nlohmann::ordered_json(nullptr);
  return json;
}

nlohmann::ordered_json count_json(uint128 count) {
  if (count <= UINT64_MAX) return static_cast<std::uint64_t>(count);
  return to_decimal(count);
}

nlohmann::ordered_json continuation_json(const periodic_continuation* continuation) {
  if (continuation == nullptr) return nullptr;
  const sequence_period& p = continuation->period();
  return {{"preperiod", p.preperiod},
          {"period", p.period},
          {"saltus", p.saltus},
          {"computed", continuation->computed()},
          {"basis", continuation->basis()},
          {"method", continuation->method()}};
}

nlohmann::ordered_json heap_term_json(const heap_analysis& a) {
  nlohmann::ordered_json json;
  json["game"] = a.game().name();
  json["code"] = a.game().row_game().code();
  json["coins"] = count_json(a.coins());
  json["heaps"] = a.heaps();
  json["position"] = a.coin_heads();
  return json;
}

nlohmann::ordered_json heap_move_json(const heap_move& m) {
  return {{"take", m.take}, {"from", m.from}, {"leaving", m.leaving}, {"text", heap_move_text(m)}};
}

nlohmann::ordered_json sum_term_json(const sum_term& t) {
  if (!t.is_heaps()) return term_json(t.game, t.position.extents());
  nlohmann::ordered_json json;
  json["game"] = t.game.name();
  json["code"] = heap_rule(t.game).text();
  json["heaps"] = *t.heaps;
  return json;
}

nlohmann::ordered_json sum_move_json(const sum_move& m) {
  nlohmann::ordered_json json;
  json["term"] = m.term;
  if (m.heap) {
    json["move"] = {{"take", m.heap->take}, {"from", m.heap->from}, {"leaving", m.heap->leaving}};
  } else {
    json["move"] = move_json(m.coins);
  }
  return json;
}

nlohmann::ordered_json heap_play_json(const heap_play_session& session, const std::optional<heap_move>& hint) {
  const auto side = [](player p) { return p == player::person ? "you" : "engine"; };
  const heap_analysis& now = session.current();
  nlohmann::ordered_json json = heap_term_json(now);
  // Misère play has no value: the outcomes are the misère ones, and "misere" says so.
  const auto value = [&](grundy_value v) {
    return session.misere() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
  };
  json["value"] = value(now.value());
  json["outcome"] = std::string(1, session.outcome());
  if (session.misere()) json["misere"] = true;
  auto made = nlohmann::ordered_json::array();
  for (const heap_move_review& r : session.review()) {
    made.push_back({{"by", side(r.played.by)},
                    {"move", heap_move_json(r.played.move)},
                    {"before", value(r.before)},
                    {"after", value(r.after)},
                    {"outcome_before", std::string(1, r.before_outcome())},
                    {"outcome_after", std::string(1, r.after_outcome())},
                    {"verdict", r.winning()   ? "winning"
                                : r.mistake() ? "mistake"
                                              : "lost"},
                    {"better", r.better ? heap_move_json(*r.better) : nlohmann::ordered_json(nullptr)}});
  }
  json["moves"] = std::move(made);
  json["to_move"] = side(session.to_move());
  const bool over = session.over();
  json["over"] = over;
  json["winner"] = over ? nlohmann::ordered_json(side(session.winner())) : nlohmann::ordered_json(nullptr);
  json["hint"] = hint ? heap_move_json(*hint) : nlohmann::ordered_json(nullptr);
  return json;
}

nlohmann::ordered_json sum_play_json(const sum_play_session& session, const std::vector<played_sum_move>& made,
                                     const std::optional<sum_move>& hint) {
  const auto side = [](player p) { return p == player::person ? "you" : "engine"; };
  const misere_quotient* q = session.misere() ? session.current_misere().quotient() : nullptr;
  const std::vector<quotient_element> classes =
      q != nullptr ? session.current_misere().classes() : std::vector<quotient_element>{};
  nlohmann::ordered_json json;
  auto terms = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < session.terms().size(); ++i) {
    const sum_term& t = session.terms()[i];
    nlohmann::ordered_json term = sum_term_json(t);
    if (!t.is_heaps()) {
      const box_position p = t.position.to_position();
      if (p.dimensions() <= 2) {
        term["position"] = p.text();
      } else {
        term["heads"] = heads_json(p);
      }
    }
    if (!session.misere()) term["value"] = session.current().terms()[i].value();
    if (q != nullptr) term["class"] = q->name(classes[i]);
    terms.push_back(std::move(term));
  }
  json["sum"] = std::move(terms);
  json["value"] = session.misere() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(session.value());
  json["outcome"] = std::string(1, session.outcome());
  if (session.misere()) json["misere"] = true;
  if (q != nullptr) {
    quotient_element x = 0;
    for (const quotient_element c : classes) x = q->product(x, c);
    auto p = nlohmann::ordered_json::array();
    for (quotient_element y = 0; y < q->order(); ++y) {
      if (q->is_p(y)) p.push_back(q->name(y));
    }
    json["quotient"] = {
        {"order", q->order()}, {"presentation", q->presentation()}, {"p_portion", std::move(p)}, {"class", q->name(x)}};
  }
  const auto move_of = [](const sum_move& m) {
    nlohmann::ordered_json j = sum_move_json(m);
    j["text"] = m.heap ? heap_move_text(*m.heap) : "turn " + move_text(m.coins);
    return j;
  };
  auto moves = nlohmann::ordered_json::array();
  for (const played_sum_move& m : made) {
    nlohmann::ordered_json j;
    j["by"] = side(m.by);
    j.update(move_of(m.move));
    moves.push_back(std::move(j));
  }
  json["moves"] = std::move(moves);
  json["to_move"] = side(session.to_move());
  const bool over = session.over();
  json["over"] = over;
  json["winner"] = over ? nlohmann::ordered_json(side(session.winner())) : nlohmann::ordered_json(nullptr);
  if (!hint) {
    json["hint"] = nullptr;
    return json;
  }
  nlohmann::ordered_json h = move_of(*hint);
  const sum_move_effect e = session.effect(*hint);
  if (!session.misere()) {
    h["why"] = {{"term_before", e.term_before}, {"term_after", e.term_after}, {"sum_after", e.sum_after}};
  } else if (e.class_after && q != nullptr) {
    h["why"] = {{"class_before", q->name(*e.class_before)},
                {"class_after", q->name(*e.class_after)},
                {"sum_class", q->name(*e.sum_class_after)}};
  } else {
    h["why"] = nullptr;
  }
  h["outcome_after"] = std::string(1, e.outcome_after);
  json["hint"] = std::move(h);
  return json;
}

void big_integer_quoter::put(std::string_view text, std::string& out) {
  for (const char c : text) {
    if (in_string_) {
      out += c;
      if (escaped_) {
        escaped_ = false;
      } else if (c == '\\') {
        escaped_ = true;
      } else if (c == '"') {
        in_string_ = false;
      }
      continue;
    }
    // A JSON number is made of these characters only; in valid JSON, one starts with '-' or a digit.
    const bool number_char = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    if (number_char && (!number_.empty() || c == '-' || (c >= '0' && c <= '9'))) {
      number_ += c;
      continue;
    }
    end_number(out);
    out += c;
    if (c == '"') in_string_ = true;
  }
}

void big_integer_quoter::finish(std::string& out) { end_number(out); }

void big_integer_quoter::end_number(std::string& out) {
  if (number_.empty()) return;
  const std::string_view digits = std::string_view(number_).substr(number_[0] == '-' ? 1 : 0);
  // An integer (JSON writes no leading zeros) beyond 2^53 - 1 = 9007199254740991, which has 16 digits.
  static constexpr std::string_view largest = "9007199254740991";
  const bool integer = std::all_of(digits.begin(), digits.end(), [](char d) { return d >= '0' && d <= '9'; });
  const bool big = integer && (digits.size() > largest.size() || (digits.size() == largest.size() && digits > largest));
  if (big) {
    out += '"';
    out += number_;
    out += '"';
  } else {
    out += number_;
  }
  number_.clear();
}

std::string big_integers_as_strings(std::string_view json) {
  std::string out;
  out.reserve(json.size() + 64);
  big_integer_quoter quoter;
  quoter.put(json, out);
  quoter.finish(out);
  return out;
}

void check_big_as_strings(bool on, bool json) {
  if (on && !json) {
    throw parse_error(
        "--big-as-strings changes how JSON writes large integers; add --json, or leave --big-as-strings out");
  }
}

big_as_strings_scope::big_as_strings_scope(bool on, bool json) {
  check_big_as_strings(on, json);
  if (!on) return;
  buffer_.emplace(std::cout.rdbuf());
  saved_ = std::cout.rdbuf(&*buffer_);
}

big_as_strings_scope::~big_as_strings_scope() {
  if (!buffer_) return;
  std::cout.flush();
  buffer_->finish();
  std::cout.rdbuf(saved_);
}

void big_as_strings_scope::quoting_buffer::finish() {
  quoter_.finish(out_);
  write_out();
  target_->pubsync();
}

big_as_strings_scope::quoting_buffer::int_type big_as_strings_scope::quoting_buffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  quoter_.put(std::string_view(&ch, 1), out_);
  write_out();
  return c;
}

std::streamsize big_as_strings_scope::quoting_buffer::xsputn(const char* s, std::streamsize n) {
  quoter_.put(std::string_view(s, static_cast<std::size_t>(n)), out_);
  write_out();
  return n;
}

int big_as_strings_scope::quoting_buffer::sync() {
  write_out();
  return target_->pubsync();
}

void big_as_strings_scope::quoting_buffer::write_out() {
  if (out_.empty()) return;
  target_->sputn(out_.data(), static_cast<std::streamsize>(out_.size()));
  out_.clear();
}

}  // namespace tartan::present
