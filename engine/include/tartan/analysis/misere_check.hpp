// check_misere: where misère play departs from the misère Nim rule, over every position of a row of N coins or of a
// board or box of a tartan product.
//
// The misère Nim rule (Bouton; Winning Ways ch. 13) reads the outcome off the coins' normal-play values: when every
// heads coin has value at most 1, the position is a P-position in misère play exactly when its normal value (the XOR
// of the coins' values) is 1; otherwise exactly when the value is 0. Games whose every position follows it play in
// misère as in normal play except at the very end, like Nim; for others the rule fails somewhere, since a position's
// misère outcome is not a function of its coins' values in general. Every position's misère outcome is found by the
// sweep (misere.hpp), no rule assumed, and compared with the rule's; a game with no position where they differ is
// "tame up to N".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tartan/analysis/box_position.hpp"
#include "tartan/analysis/game_handle.hpp"
#include "tartan/core/progress.hpp"
#include "tartan/product/tartan.hpp"

namespace tartan {

/// What to check.
struct misere_check_request {
  game_handle game;
  /// The box: {N} for the positions on N coins of a 1-D game, one extent per factor for a product.
  box_extents extents;
  /// How many of the positions where the rule fails to keep (in increasing order of bitmask).
  std::size_t listed = 10;
  /// Bytes the sweep may take (2^cells bits, and the moves); 0: default_memory_limit().
  std::uint64_t max_memory = 0;
  /// The fraction checked; returning false stops the check, which keeps the positions checked so far (every
  /// position below a bitmask: a closed game).
  progress_callback progress = {};
};

/// A position whose misère outcome is not the misère Nim rule's.
struct misere_rule_mismatch {
  box_position position;
  grundy_value value = 0;  // the normal-play value: XOR of the coins' values over the heads
  bool small = false;      // every heads coin has value at most 1
  char outcome = 'N';      // the misère outcome, by the sweep
  char rule = 'N';         // what the misère Nim rule says
};

struct misere_check_result {
  std::string game;  // the game's name as it resolves
  box_extents extents;
  std::uint64_t positions = 0;    // positions checked: 2^cells, fewer when stopped
  std::uint64_t p_positions = 0;  // misère P-positions among them
  std::uint64_t mismatches = 0;   // positions where the rule fails
  std::vector<misere_rule_mismatch> first_mismatches;
  double seconds = 0;
  bool complete = true;

  /// Every position of the box checked and none departs from the rule: "tame up to N".
  bool tame() const { return complete && mismatches == 0; }
};

/**
 * Checks every position of the request's box: its misère outcome by the sweep against the misère Nim rule on the
 * values (g for a 1-D game, G = g_1 ⊗ ... ⊗ g_k for a product by the Tartan theorem). Throws parse_error when the box
 * has not one extent per factor or has no coin, limit_error when it has more than 62 coins or the sweep's 2^cells bits
 * exceed the memory limit (naming the coins that fit), and as the game's sequences do.
 * Complexity: the sweep of 2^cells positions (misere_solver), then O(1) per position.
 *
 * Example: check_misere({games::resolve_game("turning-turtles"), {12}}).tame() == true (it plays as Nim);
 *          check_misere({games::resolve_game("mock-turtles"), {6}}).mismatches > 0
 */
misere_check_result check_misere(const misere_check_request& request);

}  // namespace tartan
