"""Rugs (Ruler x Ruler) from Python: the value table drawn as a heat map, a board analysed, a winning move found and
checked, and the Tartan theorem verified. Run it as a script (it writes rugs.svg in the current directory), or cell
by cell in a notebook, where the table and the analysis draw themselves. Output: python_rugs.txt."""

# %% The value table: G(a, b) = ruler(a) (x) ruler(b), a heat map in a notebook.
import tartan

rugs = tartan.game("ruler*ruler")
table = rugs.table(32, 32)
print("G(a, b) for a < 4, b < 8:")
print(table[:4, :8])
with open("rugs.svg", "w", encoding="utf-8") as picture:
    picture.write(table._repr_svg_())  # in a notebook, `table` on the last line of a cell shows it
print("wrote rugs.svg, the 32x32 table as a heat map")

# %% A board: rows joined by '/', row 0 on top; its value is the XOR of G over the heads coins.
board = "HTTHT/THHTH/HHTTT/TTHHH"
analysis = rugs.analyze(board)
print(f"{board}: value {analysis.value}, outcome {analysis.outcome}")

# %% A winning move turns every coin of rows x columns; it leaves a position of value 0.
move = next(analysis.winning_moves)
print(f"a winning move: rows {move.rows} x columns {move.cols}")
after = analysis.position.to_array()
for r in move.rows:
    for c in move.cols:
        after[r, c] = not after[r, c]
print(f"it leaves {tartan.position(after).text}, value {rugs.analyze(after).value}")
print(f"winning moves in all: {analysis.count_winning_moves()}")

# %% The theorem behind the table, checked by computing G from the definition of the product game.
report = rugs.verify((32, 32), progress=False)
print(f"verified on 32x32: {report.checked} cells, {report.mismatches} mismatches")
