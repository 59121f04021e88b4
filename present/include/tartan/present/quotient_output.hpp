// Misère quotients as the front ends show them (analysis/misere_quotient.hpp): the text and Markdown reports of
// `tartan quotient`, and their JSON, which the explorer and Python answer with too. Heaps are numbered by their
// tokens (the heap of 0 is the empty game); elements are written as their normal forms in the generators a, b, c, ...
// ("1" is the identity, the empty position).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "tartan/analysis/misere_quotient.hpp"

namespace tartan::present {

/// The largest quotient whose multiplication table is printed (and put in the JSON).
inline constexpr std::uint32_t quotient_table_order = 32;

/// What the quotient proves, in one sentence: "the quotient of the heaps up to 200, checked exactly; the pretending
/// function has period 12 from heap 71, which the periodicity theorem proves for every heap: the quotient of the
/// whole game".
std::string quotient_claim(const misere_quotient& q);

/// The text report: game, bound (and, after a stop at a heap whose trials failed, their least failing positions),
/// order, P-portion, presentation, the pretending function, the orders at each bound, the table when small, and what is
/// proven.
void print_quotient(std::ostream& out, const misere_quotient& q, const std::string& game_name);

/// The same as Markdown (headings, lists and tables).
void print_quotient_markdown(std::ostream& out, const misere_quotient& q, const std::string& game_name);

/// {"game", "code", "asked", "bound", "complete", "stopped", "stop_failures":[[{"heap","copies"}]], "order",
/// "p_portion_size", "generators":[{"name",
/// "heap"}], "relations":[...], "presentation", "elements":[...], "p_portion":[...], "pretending":[...],
/// "period":{"start","period"}|null, "proven_for_every_heap", "orders":[...], "steps":[...], "table":[[...]]|null}.
nlohmann::ordered_json quotient_json(const misere_quotient& q, const std::string& game_name);

}  // namespace tartan::present
