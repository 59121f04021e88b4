// tartan quotient CODE [--heaps N]: the misère quotient of a take-and-break game up to a heap bound, in text, JSON or
// Markdown; tartan quotient GAME --coins N: the quotient of a 1-D game's rows of at most N coins.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "commands/commands.hpp"
#include "input/file_input.hpp"
#include "input/interrupt.hpp"
#include "input/options.hpp"
#include "output/timing.hpp"
#include "tartan/analysis/heap_position.hpp"
#include "tartan/analysis/misere_quotient.hpp"
#include "tartan/core/error.hpp"
#include "tartan/core/parse_number.hpp"
#include "tartan/core/typed_text.hpp"
#include "tartan/present/quotient_output.hpp"
#include "tartan/present/svg.hpp"

namespace tartan::cli {

namespace {

struct quotient_command_options {
  std::string game;
  std::string heaps;
  std::string coins;
  std::string max_order;
  std::string format;
  bool json = false;
  std::string svg;
  std::string max_memory;
  std::string max_seconds;
};

void run_quotient(const quotient_command_options& o, bool heaps_given, std::uint64_t max_memory, double max_seconds,
                  run_state& state) {
  if (heaps_given && o.heaps.find_first_not_of(' ') == std::string::npos) {
    throw parse_error("--heaps: empty; type the largest heap, such as --heaps 100");
  }
  std::string format = o.format.empty() ? (o.json ? "json" : "text") : o.format;
  if (o.json && !o.format.empty()) throw parse_error("--format and --json both name the output; give one of them");
  if (format != "text" && format != "json" && format != "md") {
    throw parse_error("--format " + tartan::quote_typed(o.format) +
                      " is not a form of quotient's output; type text, "
                      "json or md");
  }
  if (!o.coins.empty() && heaps_given) {
    throw parse_error("--heaps and --coins both give the bound; give --heaps N for heaps or --coins N for rows");
  }
  if (!o.svg.empty()) present::svg::check_path(o.svg);
  const game_handle game = resolve_game_argument(o.game);
  const bool rows = !o.coins.empty();
  if (rows && game.is_product()) {
    throw parse_error("--coins: " + tartan::quote_typed(o.game) +
                      " is a product, whose positions are boards; give a 1-D game, such as turtles");
  }
  std::optional<take_break_code> rule;
  if (!rows) rule = heap_rule(game);
  const std::uint64_t max_coins = max_quotient_row_coins;
  const std::uint64_t bound = rows              ? (std::uint64_t{1} << parse_u64(o.coins, "--coins", max_coins)) - 1
                              : o.heaps.empty() ? 100
                                                : parse_u64(o.heaps, "--heaps", max_quotient_bound);
  quotient_options options;
  options.max_memory = max_memory;
  options.max_seconds = max_seconds;
  if (!o.max_order.empty()) {
    options.max_order = static_cast<std::uint32_t>(parse_u64(o.max_order, "--max-order", 65536));
    if (options.max_order < 2) throw parse_error("--max-order must be at least 2; type e.g. --max-order 4096");
  }
  const interrupt_scope scope;
  progress_bar bar("building the quotient");
  std::string doing;  // the stage the construction last reported, shown beside the bar
  options.stage = [&doing](const std::string& stage) { doing = stage; };
  options.progress = [&bar, &doing](double fraction) {
    bar.show(fraction, doing);
    return !interrupted();
  };
  const stopwatch clock;
  const misere_quotient q = rows ? build_row_quotient(game.row_game(), static_cast<coin>(bound), options)
                                 : build_misere_quotient(*rule, static_cast<coin>(bound), options);
  bar.clear();
  if (!o.svg.empty()) {
    const present::svg::quotient_picture picture = present::quotient_picture(q, game.name(), q.bound());
    present::svg::write_file(o.svg, [&](std::ostream& out) { present::svg::write_quotient(out, picture); });
  }
  if (format == "json") {
    nlohmann::ordered_json json = present::quotient_json(q, game.name());
    json["seconds"] = clock.seconds();
    std::cout << json.dump() << '\n';
  } else if (format == "md") {
    present::print_quotient_markdown(std::cout, q, game.name());
  } else {
    present::print_quotient(std::cout, q, game.name());
    std::cout << time_line(clock.seconds());
  }
  if (q.end() == search_end::complete) return;
  std::cout.flush();
  std::cerr << "stopped: " << q.stopped_why() << "; the quotient of the " << (rows ? "rows" : "heaps") << " up to "
            << q.component_text(q.bound()) << " is shown\n";
  state.exit_code = q.end() == search_end::cancelled ? interrupted_exit_code : 2;
}

}  // namespace

void add_quotient_command(CLI::App& app, run_state& state) {
  auto* sub = app.add_subcommand(
      "quotient",
      "The misère quotient of a take-and-break game's heaps, or of a turning game's rows: its order, P-portion, "
      "presentation and pretending function.");
  sub->footer(
      "CODE is a take-and-break game: a built-in heap game (kayles, dawsons-kayles, grundys-game, ...) or a code\n"
      "such as 0.77, 0.07, 4!.0 or S{1,3,4}. The quotient of the positions of heaps of at most N tokens (--heaps,\n"
      "default 100) is built heap by heap, each step checked exactly; when the pretending function's period is\n"
      "proven by the periodicity theorem it is the quotient of the whole game. Ctrl-C (exit 130) and --max-seconds\n"
      "(exit 2) keep the quotient of the heaps completed, and say so. Elements are written in the generators a, b,\n"
      "c, ... (1: the empty position); heap n has n tokens.\n"
      "With --coins N, GAME is any 1-D game and the quotient is of its rows of at most N coins (N <= 20), whose\n"
      "sums it answers (analyze GAME ROW + GAME ROW ... --misere); rows are written coin 0 first (HTH).\n"
      "Examples:\n"
      "  tartan quotient kayles --heaps 200        order 40, period 12 from heap 71: the whole game\n"
      "  tartan quotient 0.75 --format md          R8 = a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b\n"
      "  tartan quotient 0.07 --heaps 40 --max-seconds 10 --json\n"
      "  tartan quotient turtles --coins 6          the rows of Turning Turtles of at most 6 coins\n"
      "  tartan quotient kayles --heaps 170 --svg kayles.svg   its pictures: the classes of heaps 0-170, the table\n");
  auto opts = std::make_shared<quotient_command_options>();
  sub->add_option("CODE", opts->game,
                  "A take-and-break game: a built-in heap game or a code (with --coins: any 1-D game)")
      ->required();
  sub->add_option("--heaps", opts->heaps, "The largest heap (default 100)")->type_name("N");
  sub->add_option("--coins", opts->coins, "The quotient of the game's rows of at most N coins (N <= 20), not heaps")
      ->type_name("N");
  sub->add_option("--max-order", opts->max_order, "Stop before a quotient of more elements (default 4096)")
      ->type_name("K");
  sub->add_option("--format", opts->format, "text (default), json or md");
  sub->add_flag("--json", opts->json, "The same as --format json");
  sub->add_option("--svg", opts->svg,
                  "Also draw the quotient to FILE.svg: the pretending function as a strip of heaps (rows) coloured by "
                  "class, and the multiplication table with the P-portion marked")
      ->type_name("FILE");
  add_max_memory_option(sub, opts->max_memory, "Stop before the quotient's tables pass this memory");
  sub->add_option("--max-seconds", opts->max_seconds,
                  "Stop the construction after this many seconds, keeping the heaps completed (default 60; 0: none)");
  sub->callback([opts, sub, &state] {
    refuse_empty_values(*sub);
    run_quotient(*opts, sub->count("--heaps") > 0, max_memory_limit(*sub, opts->max_memory),
                 max_seconds_limit(*sub, opts->max_seconds), state);
  });
}

}  // namespace tartan::cli
