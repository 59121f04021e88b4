// The registry: the list of built-in games, name and code resolution, products, and the messages for bad names.
// Also the sequence-length limits the CLI applies through the games library.
#include "tartan/games/registry.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/game_definitions.hpp"
#include "tartan/core/error.hpp"
#include "tartan/games/sequence_limits.hpp"
#include "tartan/turning/turning_code.hpp"

namespace {

using tartan::games::find_factors;
using tartan::games::find_game;

/// The message of the parse_error `f` throws ("" and a test failure when it throws none).
template <class F>
std::string parse_error_message(F&& f) {
  try {
    f();
  } catch (const tartan::parse_error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no parse_error thrown";
  return "";
}

TEST(RegistryTest, ListsTheSixteenFamiliesWithTheirCodes) {
  // The families and codes of the issue, as CGSuite's Turning documentation names them.
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"turtles", "1-2"},       {"twins", "2"},
      {"mock-turtles", "1-3"},  {"triplets", "3"},
      {"moebius", "1-5"},       {"mogul", "1-7"},
      {"gold-moidores", "1-9"}, {"ruler", "1+C"},
      {"motley", "1+"},         {"turnips", "3E"},
      {"grunt", "4FS"},         {"sym", "1+S"},
      {"sympler", "1+FS"},      {"mock-turtle-fives", "1-3C(5)"},
      {"ruler-fives", "1-5C"},  {"ap", "1+E"}};
  const auto games = tartan::games::builtin_games();
  ASSERT_EQ(games.size(), expected.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i].name, expected[i].first);
    EXPECT_EQ(games[i].code, expected[i].second);
    EXPECT_FALSE(games[i].title.empty());
    EXPECT_FALSE(games[i].summary.empty());
    EXPECT_NO_THROW(tartan::turning_code::parse(games[i].code)) << games[i].code;
  }
}

TEST(RegistryTest, FindsEveryBuiltinByName) {
  for (const auto& info : tartan::games::builtin_games()) {
    const auto game = find_game(info.name);
    EXPECT_EQ(game.name(), info.name);
    EXPECT_EQ(game.code(), info.code);
    EXPECT_EQ(game.sequence(12), tartan::test::brute_force_values(info.name, 12)) << info.name;
  }
}

TEST(RegistryTest, NamesAreCaseInsensitiveAndForgiving) {
  for (const char* spelling : {"Mock-Turtles", "MOCK-TURTLES", "mock_turtles", "Mock Turtles", "  mock-turtles "}) {
    EXPECT_EQ(find_game(spelling).name(), "mock-turtles") << spelling;
  }
}

TEST(RegistryTest, AcceptsOtherNamesFromTheLiterature) {
  EXPECT_EQ(find_game("turning-turtles").name(), "turtles");
  EXPECT_EQ(find_game("Turning Turtles").name(), "turtles");
  EXPECT_EQ(find_game("moidores").name(), "gold-moidores");  // CGSuite's name
  EXPECT_EQ(find_game("ternups").name(), "turnips");         // Winning Ways' spelling
}

TEST(RegistryTest, AcceptsTurningCodes) {
  const auto game = find_game("1-3");
  EXPECT_EQ(game.name(), "1-3");
  EXPECT_EQ(game.code(), "1-3");
  // The same game as mock-turtles: the odious numbers, listed here from their definition.
  std::vector<std::uint64_t> odious;
  for (std::uint64_t v = 0; odious.size() < 40; ++v) {
    if (std::popcount(v) % 2 == 1) odious.push_back(v);
  }
  EXPECT_EQ(game.sequence(40), odious);

  // A code that names no built-in: two or three coins, or six consecutive ones.
  const auto custom = find_game(" 2-3,6C ");
  EXPECT_EQ(custom.name(), "2-3,6C");
  EXPECT_EQ(custom.sequence(14), tartan::test::brute_force_values(14, [](tartan::test::coin_set s) {
              const int k = std::popcount(s);
              return k == 2 || k == 3 || (k == 6 && tartan::test::consecutive(s));
            }));
}

TEST(RegistryTest, UnknownNameSaysWhatToType) {
  EXPECT_EQ(parse_error_message([] { find_game("foo"); }),
            "unknown game 'foo'; name a built-in game or give a turning code such as 1-3 or a take-and-break code "
            "such as 0.77");
  // The name and the suggestions as data: the CLI adds where its list of games is.
  try {
    find_game(" mock-turtle ");
    FAIL();
  } catch (const tartan::games::unknown_game_error& e) {
    EXPECT_EQ(e.typed(), "mock-turtle");
    EXPECT_EQ(e.suggestions(), std::vector<std::string>{"mock-turtles"});
    EXPECT_FALSE(e.products_allowed());
    EXPECT_EQ(e.context(), "");
  }
}

TEST(RegistryTest, NearMissSuggestsTheBuiltin) {
  const std::string message = parse_error_message([] { find_game("mock-turtle"); });
  EXPECT_NE(message.find("unknown game 'mock-turtle'"), std::string::npos) << message;
  EXPECT_NE(message.find("did you mean 'mock-turtles'?"), std::string::npos) << message;
}

TEST(RegistryTest, MalformedCodeGivesTheCodesOwnMessage) {
  const std::string message = parse_error_message([] { find_game("1-"); });
  EXPECT_NE(message.find("turning code '1-'"), std::string::npos) << message;
  EXPECT_NE(message.find("column"), std::string::npos) << message;
}

TEST(RegistryTest, EmptyNameSaysWhatToType) {
  const std::string message = parse_error_message([] { find_game("  "); });
  EXPECT_NE(message.find("no game given"), std::string::npos) << message;
}

TEST(RegistryTest, ProductGivenAsOneGameIsExplained) {
  const std::string message = parse_error_message([] { find_game("ruler*twins"); });
  EXPECT_NE(message.find("product"), std::string::npos) << message;
}

TEST(RegistryTest, HandlesShareTheirSequenceCache) {
  // Two lookups of a built-in give the same game, whatever the spelling: values computed through one are cached for
  // the other (computed once per process).
  for (const auto& [first, second] : {std::pair{"ruler", "RULER"}, std::pair{"mock-turtles", "Mock Turtles"}}) {
    const auto a = find_game(first);
    const auto b = find_game(second);
    const std::size_t before = a.cached_values();
    const auto values = b.sequence(before + 1000);
    EXPECT_GE(a.cached_values(), before + 1000) << first << " and " << second << " keep separate caches";
    EXPECT_EQ(a.sequence(before + 1000), values);
  }
  // Handles of different games do not share.
  const auto ruler = find_game("ruler");
  const std::size_t twins_before = find_game("twins").cached_values();
  static_cast<void>(ruler.sequence(ruler.cached_values() + 500));
  EXPECT_EQ(find_game("twins").cached_values(), twins_before);
}

TEST(FindFactorsTest, SplitsOnStar) {
  auto names = [](const std::vector<tartan::turning_game>& games) {
    std::vector<std::string> out;
    for (const auto& g : games) out.push_back(g.name());
    return out;
  };
  EXPECT_EQ(names(find_factors("ruler*mock-turtles")), (std::vector<std::string>{"ruler", "mock-turtles"}));
  EXPECT_EQ(names(find_factors("turtles*twins*ruler")), (std::vector<std::string>{"turtles", "twins", "ruler"}));
  EXPECT_EQ(names(find_factors("ruler")), (std::vector<std::string>{"ruler"}));
  EXPECT_EQ(names(find_factors("Ruler * 1-3")), (std::vector<std::string>{"ruler", "1-3"}));
  EXPECT_EQ(names(find_factors("2-3,6C*twins")), (std::vector<std::string>{"2-3,6C", "twins"}));
}

TEST(FindFactorsTest, EmptyFactorSaysWhichOne) {
  EXPECT_EQ(parse_error_message([] {
              find_factors("ruler**twins");
            }).rfind("product 'ruler**twins': factor 2 is empty; join games with a single '*'", 0),
            0u);
  EXPECT_NE(parse_error_message([] { find_factors("*ruler"); }).find("factor 1 is empty"), std::string::npos);
  EXPECT_NE(parse_error_message([] { find_factors("ruler*"); }).find("factor 2 is empty"), std::string::npos);
  EXPECT_NE(parse_error_message([] { find_factors(""); }).find("no game given"), std::string::npos);
}

TEST(FindFactorsTest, UnknownFactorSaysWhichOne) {
  const std::string message = parse_error_message([] { find_factors("ruler*foo"); });
  EXPECT_NE(message.find("factor 2"), std::string::npos) << message;
  EXPECT_NE(message.find("unknown game 'foo'"), std::string::npos) << message;
  // A single unknown name keeps find_game's own message.
  EXPECT_EQ(parse_error_message([] { find_factors("foo"); }).rfind("unknown game 'foo';", 0), 0u);
  // A factor keeps its type and data, with where it stands.
  try {
    find_factors("ruler*rulr");
    FAIL();
  } catch (const tartan::games::unknown_game_error& e) {
    EXPECT_EQ(e.typed(), "rulr");
    EXPECT_EQ(e.suggestions(), std::vector<std::string>{"ruler"});
    EXPECT_EQ(e.context(), "product 'ruler*rulr', factor 2: ");
    EXPECT_EQ(std::string(e.what()).rfind("product 'ruler*rulr', factor 2: unknown game 'rulr'; did you mean", 0), 0u);
  }
  try {
    find_factors(" ");
    FAIL();
  } catch (const tartan::games::unknown_game_error& e) {
    EXPECT_EQ(e.typed(), "");
    EXPECT_TRUE(e.products_allowed());
  }
}

// The games speak in their own terms: no message names a flag ("--size") or a command ("'tartan games'"); the CLI
// adds those.
TEST(RegistryTest, MessagesNameNoFlagsOrCommands) {
  const std::vector<std::function<void()>> refusals = {
      [] { find_game("foo"); },
      [] { find_game("mock-turtle"); },
      [] { find_game(" "); },
      [] { find_game("ruler*twins"); },
      [] { find_game("C"); },
      [] { find_factors(""); },
      [] { find_factors("ruler*rulr"); },
      [] { find_factors("ruler**twins"); },
      [] { tartan::games::parse_sequence_length("0", "count"); },
      [] { tartan::games::check_sequence_memory(tartan::games::max_sequence_length, 1 << 20); },
  };
  for (const auto& refuse : refusals) {
    std::string message;
    try {
      refuse();
      ADD_FAILURE() << "no error";
    } catch (const tartan::error& e) {
      message = e.what();
    }
    EXPECT_EQ(message.find("--"), std::string::npos) << message;
    EXPECT_EQ(message.find("tartan "), std::string::npos) << message;
  }
}

TEST(SequenceLimitsTest, ParsesCountsInRange) {
  EXPECT_EQ(tartan::games::parse_sequence_length("10", "N"), 10u);
  EXPECT_EQ(tartan::games::parse_sequence_length("0x10", "N"), 16u);
  EXPECT_EQ(tartan::games::parse_sequence_length("1", "N"), 1u);
}

TEST(SequenceLimitsTest, RefusesCountsOutOfRange) {
  EXPECT_EQ(parse_error_message([] { tartan::games::parse_sequence_length("0", "N"); }),
            "N must be at least 1; type a count such as 10");
  EXPECT_NE(parse_error_message([] {
              tartan::games::parse_sequence_length("100000001", "N");
            }).find("the largest allowed is 100000000"),
            std::string::npos);
  EXPECT_NE(parse_error_message([] { tartan::games::parse_sequence_length("ten", "N"); }).find("N: "),
            std::string::npos);
}

TEST(SequenceLimitsTest, RefusesWhatMemoryCannotHold) {
  EXPECT_NO_THROW(tartan::games::check_sequence_memory(1000));
  // More values than any machine's memory holds at bytes_per_value each.
  EXPECT_THROW(tartan::games::check_sequence_memory(SIZE_MAX / tartan::games::bytes_per_value), tartan::limit_error);
  // Over a limit: the estimate, the limit, and how many values fit, as figures.
  try {
    tartan::games::check_sequence_memory(tartan::games::max_sequence_length, 1 << 20);
    FAIL();
  } catch (const tartan::limit_error& e) {
    EXPECT_EQ(e.what(), std::string("computing 100000000 values needs about 3.0 GiB, over the memory limit of 1.0 MiB; "
                                    "ask for fewer values") +
                            e.raise_clause());
    EXPECT_EQ(e.unit(), tartan::limit_unit::bytes);
    EXPECT_EQ(e.estimate(), 3.2e9);
    EXPECT_EQ(e.limit(), 1 << 20);
    EXPECT_EQ(e.suggestion(), (1u << 20) / tartan::games::bytes_per_value);
    EXPECT_EQ(e.suggestion_unit(), tartan::limit_unit::values);
  }
}

}  // namespace
