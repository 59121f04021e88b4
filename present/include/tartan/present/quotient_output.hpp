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
#include "tartan/present/svg.hpp"

namespace tartan::present {

/// The largest quotient whose multiplication table is printed as text.
inline constexpr std::uint32_t quotient_table_order = 32;
/// The largest whose table the JSON gives (a table of indices: 65536 numbers at most) and the picture draws.
inline constexpr std::uint32_t quotient_json_table_order = 128;

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

/// The most components quotient_picture draws on its strip unless told otherwise: heaps 0 .. 199, or the rows up to
/// bitmask 255.
inline constexpr coin quotient_strip_default = 199;

/**
 * The quotient drawn (svg::write_quotient): its game and bound in the title; its order, P-portion, presentation,
 * generators (the heap or row each stands for) and what is proven in the notes; the pretending function of components
 * 0 .. min(bound, `last`) as the strip (of at most svg::max_quotient_strip); the multiplication table when the order is
 * at most quotient_json_table_order, else a note saying it is not drawn.
 *
 * Example: svg::write_quotient(out, quotient_picture(build_misere_quotient(kayles_code, 170), "kayles"))
 */
svg::quotient_picture quotient_picture(const misere_quotient& q, const std::string& game_name,
                                       coin last = quotient_strip_default);

}  // namespace tartan::present
