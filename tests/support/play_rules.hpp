// The games the `tartan play` tests play, by their definitions (Winning Ways, ch. 14), on positions as tartan prints
// them (rows "HTTH", boards "HT/TH", boxes "2x2x2 with heads 0:0:1 1:1:1"), and moves as a person types them. None of
// it calls the engine: legality, outcomes (game search) and values (the mex over the moves) are computed here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace tartan::test {

// ----- Heaps: Kayles in misère play, a move takes one or two tokens from a heap and leaves up to two heaps.

/// Misère Kayles on heaps (any order) by its rules: won by the player to move when no move is left or some move
/// leaves a position lost by the other player.
inline bool misere_kayles_wins(std::vector<int> heaps, std::map<std::vector<int>, bool>& memo) {
  std::sort(heaps.begin(), heaps.end());
  if (const auto found = memo.find(heaps); found != memo.end()) return found->second;
  bool any = false, won = false;
  for (std::size_t i = 0; i < heaps.size() && !won; ++i) {
    for (int k = 1; k <= 2 && k <= heaps[i] && !won; ++k) {
      for (int a = 0; a <= (heaps[i] - k) / 2 && !won; ++a) {
        std::vector<int> next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        for (const int h : {a, heaps[i] - k - a}) {
          if (h > 0) next.push_back(h);
        }
        any = true;
        won = !misere_kayles_wins(next, memo);
      }
    }
  }
  return memo[heaps] = won || !any;
}

// ----- Rows: Mock Turtles, a move turns a heads coin n and at most two coins below it.

using row_move = std::vector<unsigned>;

inline std::vector<row_move> mock_turtle_moves(const std::string& row) {
  std::vector<row_move> moves;
  for (unsigned n = 0; n < row.size(); ++n) {
    if (row[n] != 'H') continue;
    moves.push_back({n});
    for (unsigned a = 0; a < n; ++a) {
      moves.push_back({a, n});
      for (unsigned b = a + 1; b < n; ++b) moves.push_back({a, b, n});
    }
  }
  return moves;
}

inline std::string apply_row(std::string row, const row_move& move) {
  for (const unsigned c : move) row[c] = row[c] == 'H' ? 'T' : 'H';
  return row;
}

inline std::string row_text(const row_move& move) {
  std::string s;
  for (const unsigned c : move) s += (s.empty() ? "" : " ") + std::to_string(c);
  return s;
}

/// The Grundy value of a Mock Turtles row by the definition: the mex of the values of its options.
inline unsigned mock_turtles_grundy(const std::string& row, std::map<std::string, unsigned>& memo) {
  if (const auto it = memo.find(row); it != memo.end()) return it->second;
  std::set<unsigned> seen;
  for (const row_move& m : mock_turtle_moves(row)) seen.insert(mock_turtles_grundy(apply_row(row, m), memo));
  unsigned mex = 0;
  while (seen.count(mex) != 0) ++mex;
  return memo[row] = mex;
}

// ----- Boards: Rugs (ruler × ruler), from heads (r, c) the rows r-i..r and the columns c-j..c.

struct board_move {
  unsigned r, c, i, j;
};

inline std::vector<board_move> rugs_moves(const std::string& board) {
  std::vector<board_move> moves;
  unsigned r = 0, c = 0;
  for (const char ch : board) {
    if (ch == '/') {
      ++r;
      c = 0;
      continue;
    }
    if (ch == 'H') {
      for (unsigned i = 0; i <= r; ++i) {
        for (unsigned j = 0; j <= c; ++j) moves.push_back({r, c, i, j});
      }
    }
    ++c;
  }
  return moves;
}

inline std::string apply_board(std::string board, const board_move& m) {
  const std::size_t width = board.find('/') == std::string::npos ? board.size() : board.find('/');
  for (unsigned r = m.r - m.i; r <= m.r; ++r) {
    for (unsigned c = m.c - m.j; c <= m.c; ++c) {
      char& ch = board[r * (width + 1) + c];
      ch = ch == 'H' ? 'T' : 'H';
    }
  }
  return board;
}

inline std::string board_text(const board_move& m) {
  std::string s = "rows";
  for (unsigned r = m.r - m.i; r <= m.r; ++r) s += " " + std::to_string(r);
  s += " cols";
  for (unsigned c = m.c - m.j; c <= m.c; ++c) s += " " + std::to_string(c);
  return s;
}

/// Exhaustive game search: does the player to move win?
template <class Moves, class Apply>
bool wins(const std::string& p, const Moves& moves, const Apply& apply, std::map<std::string, bool>& memo) {
  if (const auto it = memo.find(p); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& m : moves(p)) {
    if (!wins(apply(p, m), moves, apply, memo)) {
      win = true;
      break;
    }
  }
  return memo[p] = win;
}

// ----- Any number of axes: a position as its extents and heads cells; moves as one coin list per axis.

using typed_move = std::vector<std::vector<unsigned>>;

struct box_cells {
  std::vector<unsigned> extents;
  std::set<std::vector<unsigned>> heads;
};

/// A position as tartan prints it: "HTTH", "HT/TH", or "2x2x3 with heads 0:0:1 1:1:2" ("with no heads").
inline box_cells parse_printed_position(const std::string& text) {
  box_cells b;
  if (text.find(" with ") == std::string::npos) {
    unsigned r = 0, c = 0, cols = 0;
    const bool board = text.find('/') != std::string::npos;
    for (const char ch : text) {
      if (ch == '/') {
        ++r;
        c = 0;
        continue;
      }
      if (ch == 'H') b.heads.insert(board ? std::vector<unsigned>{r, c} : std::vector<unsigned>{c});
      cols = std::max(cols, ++c);
    }
    b.extents = board ? std::vector<unsigned>{r + 1, cols} : std::vector<unsigned>{cols};
    return b;
  }
  std::istringstream in(text);
  std::string size, word;
  in >> size;
  for (std::size_t at = 0; at <= size.size();) {
    const std::size_t x = std::min(size.find('x', at), size.size());
    b.extents.push_back(static_cast<unsigned>(std::stoul(size.substr(at, x - at))));
    at = x + 1;
  }
  while (in >> word) {
    if (word == "with" || word == "heads" || word == "no") continue;
    std::vector<unsigned> cell;
    for (std::size_t at = 0; at <= word.size();) {
      const std::size_t colon = std::min(word.find(':', at), word.size());
      cell.push_back(static_cast<unsigned>(std::stoul(word.substr(at, colon - at))));
      at = colon + 1;
    }
    b.heads.insert(cell);
  }
  return b;
}

/// A move as a person types it: "0 3" on a row, "rows 0 1 cols 2" on a board, "0 1; 2; 3" on a box.
inline typed_move parse_typed_move(const std::string& text, std::size_t dimensions) {
  typed_move axes(dimensions);
  std::size_t axis = 0;
  std::string spaced;
  for (const char ch : text) spaced += ch == ';' ? std::string(" ; ") : std::string(1, ch);
  std::istringstream in(spaced);
  for (std::string word; in >> word;) {
    if (word == "rows") {
      axis = 0;
    } else if (word == "cols") {
      axis = 1;
    } else if (word == ";") {
      ++axis;
    } else if (axis < dimensions) {
      axes[axis].push_back(static_cast<unsigned>(std::stoul(word)));
    }
  }
  return axes;
}

/// Is `m` a move of the product of `rules` (one per axis) on `b`? Each axis must be a move of its rule from its last
/// coin (`rule(coins)` says so for an ascending list), and the cell of the last coins must be heads.
template <class Rule>
bool is_product_move(const box_cells& b, const typed_move& m, const Rule& rule) {
  if (m.size() != b.extents.size()) return false;
  std::vector<unsigned> corner;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (m[i].empty() || !std::is_sorted(m[i].begin(), m[i].end()) || m[i].back() >= b.extents[i]) return false;
    if (std::adjacent_find(m[i].begin(), m[i].end()) != m[i].end() || !rule(m[i])) return false;
    corner.push_back(m[i].back());
  }
  return b.heads.count(corner) != 0;
}

/// Ruler: a run of consecutive coins. Mock Turtles: one, two or three coins.
inline bool is_ruler_move(const std::vector<unsigned>& coins) {
  return coins.back() - coins.front() + 1 == coins.size();
}
inline bool is_mock_turtles_move(const std::vector<unsigned>& coins) { return coins.size() <= 3; }

/// The position after turning every cell of `m`.
inline box_cells apply_move(box_cells b, const typed_move& m) {
  std::vector<std::size_t> at(m.size(), 0);
  for (;;) {
    std::vector<unsigned> cell;
    for (std::size_t i = 0; i < m.size(); ++i) cell.push_back(m[i][at[i]]);
    if (!b.heads.erase(cell)) b.heads.insert(cell);
    std::size_t i = m.size();
    while (i-- > 0) {
      if (++at[i] < m[i].size()) break;
      at[i] = 0;
    }
    if (i == static_cast<std::size_t>(-1)) return b;
  }
}

}  // namespace tartan::test
