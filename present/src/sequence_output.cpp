#include "tartan/present/sequence_output.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

#include "tartan/core/int128.hpp"
#include "tartan/present/json_output.hpp"
#include "tartan/turning/closed_form.hpp"
#include "tartan/turning/period.hpp"
#include "tartan/turning/sequence_summary.hpp"

namespace tartan::present {

std::string pattern_text(const nlohmann::ordered_json& pattern) {
  const nlohmann::ordered_json& period = pattern["period"];
  const std::size_t observed = pattern["observed"];
  std::string text;
  if (period.is_null()) {
    text = "period: none found in g(0.." + std::to_string(observed - 1) +
           ") (one is reported when proven, or when it repeats over at least " + std::to_string(min_observed_periods) +
           " full periods and half of the values)\n";
  } else {
    const std::string p = std::to_string(period["preperiod"].get<std::size_t>());
    const std::string P = std::to_string(period["period"].get<std::size_t>());
    const grundy_value s = period["saltus"];
    text = "period: g(n + " + P + ") = g(n)" + (s != 0 ? " + " + std::to_string(s) : std::string()) + " for n >= " + p +
           " (preperiod " + p + ", period " + P + ", saltus " + std::to_string(s) + "), " +
           (period["proven"].get<bool>() ? "proven" : "not proven") + ": " + period["why"].get<std::string>() + "\n";
  }
  const nlohmann::ordered_json& largest = pattern["largest"];
  const bool all = largest["all"].get<bool>();
  text += std::string(all ? "largest value: " : "largest value so far: ") +
          std::to_string(largest["value"].get<grundy_value>()) +
          ", first at n = " + std::to_string(largest["at"].get<std::size_t>()) +
          (all ? " (of every n: the period is proven)" : " (in g(0.." + std::to_string(observed - 1) + "))") + "\n";
  const nlohmann::ordered_json& rare = pattern["rare"];
  if (!rare.is_null()) {
    const std::size_t count = rare["count"];
    const bool every = rare["all"].get<bool>();
    text += std::string(every ? "rare values: " : "rare values so far: ") + "mask " +
            rare["mask_hex"].get<std::string>() + " (" + rare["variant"].get<std::string>() + "), " +
            std::to_string(count) + (count == 1 ? " rare heap" : " rare heaps");
    if (!rare["last"].is_null()) text += ", the last at n = " + std::to_string(rare["last"].get<std::size_t>());
    text += every ? " (all of them: none in the proven period)" : " (in g(0.." + std::to_string(observed - 1) + "))";
    text += "\n";
  } else if (!pattern["rare_note"].get<std::string>().empty()) {
    text += "rare values: not counted (" + pattern["rare_note"].get<std::string>() + ")\n";
  }
  for (const nlohmann::ordered_json& form : pattern["closed_forms"]) {
    text += "closed form, observed for n = 0.." + std::to_string(observed - 1) + ": " +
            form["formula"].get<std::string>() + " (OEIS " + form["oeis"].get<std::string>() + ")\n";
  }
  return text;
}

void value_writer::begin(const game_handle& game) {
  if (format_ == seq_format::bfile) {
    // ASCII only, as b-files are: the game's name and code as typed (codes and names are ASCII).
    buffer_ += "# Grundy values of " + game.name() + " (code " + game.row_game().code() +
               "), computed by tartan; heaps (coins) numbered from 0\n# n a(n) with a(n) = g(n - " +
               std::to_string(offset_) + "): OEIS offset " + std::to_string(offset_) + "\n";
    return;
  }
  if (format_ == seq_format::json) {
    buffer_ += "{\"game\":" + nlohmann::json(game.name()).dump() +
               ",\"code\":" + nlohmann::json(game.row_game().code()).dump() +
               (first_ != 0 ? ",\"from\":" + std::to_string(first_) : std::string()) + ",\"values\":[";
  }
}

void value_writer::write(std::span<const grundy_value> values) {
  char digits[24];
  for (const grundy_value v : values) {
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    if (format_ == seq_format::jsonl) {
      buffer_ += "{\"n\":" + std::to_string(first_ + written_) + ",\"g\":";
      buffer_.append(digits, end);
      buffer_ += "}\n";
    } else if (format_ == seq_format::bfile) {
      buffer_ += to_decimal(uint128{first_} + written_ + offset_) + ' ';
      buffer_.append(digits, end);
      buffer_ += '\n';
    } else {
      if (written_ != 0) buffer_ += format_ == seq_format::json ? ',' : ' ';
      buffer_.append(digits, end);
    }
    ++written_;
    if (buffer_.size() >= (1 << 16) - 64) flush();
  }
  flush();
}

void value_writer::end(const std::string& stopped, const nlohmann::ordered_json& pattern, double seconds,
                       const periodic_continuation* from_period) {
  const std::string complete = stopped.empty() ? "true" : "false";
  const std::string why = stopped.empty() ? "" : ",\"stopped\":" + nlohmann::json(stopped).dump();
  std::string fields =
      ",\"seconds\":" + nlohmann::json(seconds).dump() + ",\"from_period\":" + continuation_json(from_period).dump();
  if (!pattern.is_null()) {
    fields += ",\"period\":" + pattern["period"].dump() + ",\"largest\":" + pattern["largest"].dump() +
              ",\"rare\":" + pattern["rare"].dump() + ",\"rare_note\":" + pattern["rare_note"].dump() +
              ",\"closed_forms\":" + pattern["closed_forms"].dump();
  }
  if (format_ == seq_format::bfile) {
    // Comments are ASCII, as b-files are: a dash for the dashes, '*' for a middle dot, '?' for any other character.
    const auto ascii = [](const std::string& text) {
      std::string out;
      for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 128) {
          out += text[i++];
          continue;
        }
        std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        length = std::min(length, text.size() - i);
        const std::string_view character(text.data() + i, length);
        out += character == "\u2013" || character == "\u2212" ? '-' : character == "\u00b7" ? '*' : '?';
        i += length;
      }
      return out;
    };
    if (!stopped.empty()) buffer_ += "# stopped early: " + ascii(stopped) + "\n";
    if (from_period != nullptr) buffer_ += "# values: " + ascii(from_period->method()) + "\n";
  } else if (format_ == seq_format::json) {
    buffer_ += "],\"complete\":" + complete + why + fields + "}\n";
  } else if (format_ == seq_format::jsonl) {
    buffer_ += "{\"complete\":" + complete + ",\"count\":" + std::to_string(written_) + why + fields + "}\n";
  } else {
    buffer_ += '\n';
    if (!pattern.is_null()) buffer_ += pattern_text(pattern);
  }
  flush();
}

void value_writer::flush() {
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  out_.flush();
  buffer_.clear();
}

nlohmann::ordered_json pattern_json(std::span<const grundy_value> values, const turning_game& game) {
  const sequence_summary summary = summarize_sequence(values, game);
  nlohmann::ordered_json pattern = {{"observed", values.size()}, {"period", nullptr}};
  if (const std::optional<sequence_period>& found = summary.period) {
    pattern["period"] = {{"preperiod", found->preperiod},
                         {"period", found->period},
                         {"saltus", found->saltus},
                         {"proven", found->proven},
                         {"full_periods", found->full_periods},
                         {"why", found->why}};
  }
  pattern["largest"] = {{"value", summary.largest}, {"at", summary.largest_at}, {"all", summary.largest_all}};
  pattern["rare"] = nullptr;
  if (const std::optional<rare_values>& rare = summary.rare) {
    pattern["rare"] = {{"mask", rare->mask.mask},
                       {"mask_hex", mask_hex(rare->mask.mask)},
                       {"variant", to_string(rare->mask.variant)},
                       {"t", rare->split_take},
                       {"count", rare->count},
                       {"last", rare->last ? nlohmann::ordered_json(*rare->last) : nlohmann::ordered_json(nullptr)},
                       {"all", rare->all}};
  }
  pattern["rare_note"] = summary.rare_note;
  pattern["closed_forms"] = nlohmann::ordered_json::array();
  for (const closed_form& form : recognise_closed_forms(values)) {
    pattern["closed_forms"].push_back({{"name", form.name}, {"formula", form.formula}, {"oeis", form.oeis}});
  }
  return pattern;
}

}  // namespace tartan::present
