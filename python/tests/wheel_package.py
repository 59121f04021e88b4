"""The package as a user installs it: built by `python3 -m build` (PEP 517, pyproject.toml: a source distribution,
then a wheel from it alone), installed with pip into a new virtual environment in a temporary directory, and used
from there: `import tartan` finds the installed copy, its version and metadata are the project's, and the Python tour
of docs/python.md runs as written.

Usage: wheel_package.py SOURCE_DIR WORK_DIR [BUILD_DIR]

Given BUILD_DIR, the CMake build this test belongs to, the wheel packs the module that build compiled
(TARTAN_CMAKE_BUILD_DIR, setup.py) rather than compiling the engine a second time; without it, the build is a user's,
from nothing.

Offline, as this machine is: the build uses the build requirements installed (--no-isolation: Debian's
python3-setuptools, python3-wheel, python3-pybind11 and cmake), and the environment sees the system's packages
(--system-site-packages) for NumPy, which pip would otherwise fetch from PyPI; pip installs with --no-index. Prints
the time of the build and the sizes of the two distributions."""

import email
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import zipfile

source = pathlib.Path(sys.argv[1]).resolve()
work = pathlib.Path(sys.argv[2]).resolve()
build_dir = pathlib.Path(sys.argv[3]).resolve() if len(sys.argv) > 3 else None
work.mkdir(parents=True, exist_ok=True)
version = re.search(r"project\(tartan\s+VERSION\s+([0-9.]+)", (source / "CMakeLists.txt").read_text()).group(1)
failures = []


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        failures.append(what)


def run(*command, **options):
    print("$ " + " ".join(map(str, command)), flush=True)
    done = subprocess.run(list(map(str, command)), **options)
    if done.returncode != 0:
        sys.exit("FAILED: %s exited with %d" % (command[0], done.returncode))
    return done


with tempfile.TemporaryDirectory(prefix="tartan-wheel-", dir=work) as scratch:
    scratch = pathlib.Path(scratch)
    dist = scratch / "dist"
    # No variable of the test build leaks into the package's: it is built as a user's machine would build it.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TARTAN_"))}
    if build_dir:
        env["TARTAN_CMAKE_BUILD_DIR"] = str(build_dir)
    began = time.monotonic()
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, source, env=env)
    seconds = time.monotonic() - began
    wheels = list(dist.glob("tartan-%s-*.whl" % version))
    sdists = list(dist.glob("tartan-%s.tar.gz" % version))
    check(len(wheels) == 1 and len(sdists) == 1, "python3 -m build made tartan-%s.tar.gz and a wheel from it, in "
          "%.0f s: %s" % (version, seconds, " ".join(p.name for p in dist.iterdir())))
    wheel = wheels[0]
    print("sizes: wheel %d bytes, sdist %d bytes" % (wheel.stat().st_size, sdists[0].stat().st_size))

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = email.message_from_bytes(archive.read("tartan-%s.dist-info/METADATA" % version))
    check(any(re.fullmatch(r"tartan/_tartan\..*\.so", n) for n in names) and "tartan/__init__.py" in names and
          "tartan/py.typed" in names and "tartan/_tartan.pyi" in names,
          "the wheel holds the compiled module, the Python layer and the type stubs")
    check(metadata["Name"] == "tartan" and metadata["Version"] == version,
          "its metadata names tartan %s, the version of CMakeLists.txt" % metadata["Version"])
    check(metadata.get_all("Requires-Dist") and metadata.get_all("Requires-Dist")[0] == "numpy" and
          metadata["Requires-Python"] == ">=3.9", "it requires NumPy and Python 3.9 or later")
    check("Topic :: Scientific/Engineering :: Mathematics" in (metadata.get_all("Classifier") or []),
          "it carries the classifiers of pyproject.toml")

    venv = scratch / "venv"
    run(sys.executable, "-m", "venv", "--system-site-packages", venv, env=env)
    python = venv / "bin" / "python"
    run(python, "-m", "pip", "install", "--no-index", "--no-cache-dir", "--quiet", wheel, env=env)

    # From outside the sources, with nothing on PYTHONPATH: only the installed package can be imported.
    tour = """
import doctest, pathlib, sys, sysconfig
import tartan
here = pathlib.Path(tartan.__file__).resolve().parent
site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
assert here == site / "tartan", "imported from %s, not from the environment's %s" % (here, site)
assert sys.prefix != sys.base_prefix, "not in the virtual environment"
assert tartan.__version__ == sys.argv[2], tartan.__version__
result = doctest.testfile(sys.argv[1], module_relative=False, optionflags=doctest.ELLIPSIS)
print("tour: %d examples, %d failed; tartan %s from %s" % (result.attempted, result.failed, tartan.__version__, here))
sys.exit(1 if result.failed or result.attempted < 30 else 0)
"""
    done = subprocess.run([str(python), "-c", tour, str(source / "docs" / "python.md"), version], cwd=scratch,
                          env=env, capture_output=True, text=True)
    print(done.stdout + done.stderr)
    check(done.returncode == 0, "in the new environment, tartan %s is imported from its site-packages and the tour "
          "of docs/python.md runs as written" % version)

if failures:
    print("%d check(s) failed" % len(failures))
    sys.exit(1)
print("all checks passed")
