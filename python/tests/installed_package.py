"""The package as `cmake --install BUILD --prefix P` leaves it: imported from P/lib/python3/dist-packages alone (the
argument), with its compiled part, its Python layer and its stubs, and answering a question of each kind."""

import pathlib
import sys

site = pathlib.Path(sys.argv[1]).resolve()
import tartan  # noqa: E402  (PYTHONPATH names the installed directory)

here = pathlib.Path(tartan.__file__).resolve().parent
assert here == site / "tartan", f"imported from {here}, not from {site / 'tartan'}"
for name in ("__init__.py", "_games.py", "_tartan.pyi", "py.typed"):
    assert (here / name).exists(), f"{name} is not installed"
assert any(p.name.startswith("_tartan") and p.suffix == ".so" for p in here.iterdir()), "no compiled module"
assert tartan.Nimber(2) * tartan.Nimber(2) == 3
assert tartan.game("mock-turtles").sequence(6).tolist() == [1, 2, 4, 7, 8, 11]
assert tartan.game("ruler*ruler").verify((8, 8), progress=False).passed
assert tartan.game("ruler*ruler").table(8, 8)._repr_svg_().startswith("<?xml")
print(f"tartan {tartan.__version__} imported from {here}")
