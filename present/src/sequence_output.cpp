#include "tartan/present/sequence_output.hpp"

#include <charconv>
#include <optional>

#include "tartan/turning/closed_form.hpp"
#include "tartan/turning/period.hpp"

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
  for (const nlohmann::ordered_json& form : pattern["closed_forms"]) {
    text += "closed form, observed for n = 0.." + std::to_string(observed - 1) + ": " +
            form["formula"].get<std::string>() + " (OEIS " + form["oeis"].get<std::string>() + ")\n";
  }
  return text;
}

void value_writer::begin(const game_handle& game) {
  if (format_ == seq_format::json) {
    buffer_ += "{\"game\":" + nlohmann::json(game.name()).dump() +
               ",\"code\":" + nlohmann::json(game.row_game().code()).dump() + ",\"values\":[";
  }
}

void value_writer::write(std::span<const grundy_value> values) {
  char digits[24];
  for (const grundy_value v : values) {
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    if (format_ == seq_format::jsonl) {
      buffer_ += "{\"n\":" + std::to_string(written_) + ",\"g\":";
      buffer_.append(digits, end);
      buffer_ += "}\n";
    } else {
      if (written_ != 0) buffer_ += format_ == seq_format::json ? ',' : ' ';
      buffer_.append(digits, end);
    }
    ++written_;
    if (buffer_.size() >= (1 << 16) - 64) flush();
  }
  flush();
}

void value_writer::end(const std::string& stopped, const nlohmann::ordered_json& pattern, double seconds) {
  const std::string complete = stopped.empty() ? "true" : "false";
  const std::string why = stopped.empty() ? "" : ",\"stopped\":" + nlohmann::json(stopped).dump();
  std::string fields = ",\"seconds\":" + nlohmann::json(seconds).dump();
  if (!pattern.is_null()) {
    fields += ",\"period\":" + pattern["period"].dump() + ",\"closed_forms\":" + pattern["closed_forms"].dump();
  }
  if (format_ == seq_format::json) {
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
  nlohmann::ordered_json pattern = {
      {"observed", values.size()}, {"period", nullptr}, {"closed_forms", nlohmann::ordered_json::array()}};
  if (const std::optional<sequence_period> found = find_period(values, game)) {
    pattern["period"] = {{"preperiod", found->preperiod},
                         {"period", found->period},
                         {"saltus", found->saltus},
                         {"proven", found->proven},
                         {"full_periods", found->full_periods},
                         {"why", found->why}};
  }
  for (const closed_form& form : recognise_closed_forms(values)) {
    pattern["closed_forms"].push_back({{"name", form.name}, {"formula", form.formula}, {"oeis", form.oeis}});
  }
  return pattern;
}

}  // namespace tartan::present
